#ifndef OAUTHGEN_CLIBXML2_SHIM_H
#define OAUTHGEN_CLIBXML2_SHIM_H

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

/// `xmlFree` is a mutable C global function pointer; Swift 6 refuses to touch it from
/// nonisolated code, so calls go through this inline wrapper instead.
static inline void oauthgen_xmlFree(void *pointer) {
    xmlFree(pointer);
}

/// Enables libxml2's per-element node info (byte offset of each start tag), which is how
/// the plist loader reports exact columns: libxml2 nodes only carry a line number.
static inline void oauthgen_enableNodeInfo(xmlParserCtxtPtr context) {
    context->record_info = 1;
}

#endif
