/**
 * The HTTP API under {@code /api}: JSON request and response records, package-private controllers, RFC 7807
 * problem details for every error, the Server-Sent Events stream, the body-size filter, and the origin and
 * bearer-token filters that guard changes on the API port and on the management port alike (the control
 * WebSocket's own checks happen at its handshake), with the dashboard's token login, and the control WebSocket.
 * A surface: it only translates JSON to the use cases of {@code io.orrery.app} and their records back; every request
 * that changes the world is a runner command there, and a response is sent once the runner has applied it. May use
 * {@code app}, {@code sse}, {@code ops} and the records below them; never {@code world.sdf}, the runner's wiring or
 * another surface.
 */
package io.orrery.api;
