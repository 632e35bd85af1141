/**
 * The HTTP API under {@code /api}: JSON request and response records, package-private controllers, RFC 7807
 * problem details for every error, the Server-Sent Events stream, the body-size filter, and the bearer-token
 * filter that guards changes on the API port and on the management port alike.
 * Every request that changes the world is a runner command; a response is sent once the runner has applied it.
 */
package io.orrery.api;
