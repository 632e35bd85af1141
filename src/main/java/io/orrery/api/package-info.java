/**
 * The HTTP API under {@code /api}: JSON request and response records, package-private controllers, RFC 7807
 * problem details for every error, the Server-Sent Events stream, the body-size filter, and the origin and
 * bearer-token filters that guard changes on the API port and on the management port alike (the control
 * WebSocket's own checks happen at its handshake), with the dashboard's token login.
 * Every request that changes the world is a runner command; a response is sent once the runner has applied it.
 */
package io.orrery.api;
