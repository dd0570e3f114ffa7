#ifndef OAUTHGEN_CLIBXML2_SHIM_H
#define OAUTHGEN_CLIBXML2_SHIM_H

// libxml2 built with ICU includes <unicode/ucnv.h> from libxml/encoding.h; those system ICU
// headers redefine `UErrorCode` differently from Foundation's `_FoundationICU`, and a module that
// imports both fails to build. ICU appears there only inside xmlCharEncodingHandler, which this
// package reaches through pointers alone, so dropping the include changes no layout we use.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>

/// Swallows what libxml2 would print through its generic error channel (encoding errors, I/O
/// errors), which `XML_PARSE_NOERROR` does not cover: a tool's stderr carries only located
/// findings. The parser's own errors are read from the context instead.
static void oauthgen_ignoreGenericError(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

/// Installs `oauthgen_ignoreGenericError` for this thread and as the default for new ones.
static inline void oauthgen_silenceGenericErrors(void) {
    xmlSetGenericErrorFunc(NULL, oauthgen_ignoreGenericError);
    xmlThrDefSetGenericErrorFunc(NULL, oauthgen_ignoreGenericError);
}

/// `xmlFree` is a mutable C global function pointer; Swift 6 refuses to touch it from
/// nonisolated code, so calls go through this inline wrapper instead.
static inline void oauthgen_xmlFree(void *pointer) {
    xmlFree(pointer);
}

/// Builds the tree as usual, then remembers where the start tag just read ends: libxml2 nodes
/// only carry a line number, and its own node-info records are unreliable in 2.9.x. The byte
/// offset + 1 is kept in `psvi`, a pointer field that only schema validation (never used here)
/// would touch.
static void oauthgen_startElementRecordingOffset(void *ctx, const xmlChar *localname, const xmlChar *prefix,
                                                 const xmlChar *URI, int nb_namespaces, const xmlChar **namespaces,
                                                 int nb_attributes, int nb_defaulted, const xmlChar **attributes) {
    xmlSAX2StartElementNs(ctx, localname, prefix, URI, nb_namespaces, namespaces, nb_attributes, nb_defaulted, attributes);
    xmlParserCtxtPtr context = (xmlParserCtxtPtr)ctx;
    if (context->node != NULL && context->input != NULL) {
        unsigned long offset = context->input->consumed + (unsigned long)(context->input->cur - context->input->base);
        context->node->psvi = (void *)(offset + 1);
    }
}

/// Installs the offset-recording start-element handler on a parser context.
static inline void oauthgen_recordElementOffsets(xmlParserCtxtPtr context) {
    context->sax->startElementNs = oauthgen_startElementRecordingOffset;
}

/// The byte offset just past a start tag recorded by `oauthgen_recordElementOffsets`, or -1.
static inline long oauthgen_recordedOffset(xmlNodePtr node) {
    return node->psvi == NULL ? -1 : (long)((unsigned long)node->psvi - 1);
}

#endif
