#if PostgreSQL
import PostgresNIO

extension PostgresConnection {
    /// Closes the connection without waiting, keeping it alive until it is closed: postgres-nio
    /// asserts that a connection is closed before it is deinitialized, and a store dropped with
    /// connections open (an app that never called `close()`) must not trip that.
    func closeEventually() {
        close().whenComplete { _ in withExtendedLifetime(self) {} }
    }
}
#endif
