import type { Server } from "node:http";

/**
 * An idle kept-alive connection is closed after 65 s, not Node's 5 s: a client (a browser, a
 * proxy, fetch's pool, a test's request context) that sends on a connection the server is closing
 * at that instant gets a reset. Idle clients and proxies give up sooner than this (nginx: 60 s,
 * undici: 4 s). Every server that answers HTTP here uses it: the product's and the tests'.
 */
export function keepConnections(server: Server) {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}
