/**
 * The HTTP API under {@code /api}: JSON request and response records, package-private controllers, RFC 7807
 * problem details for every error, the Server-Sent Events stream, and the bearer-token and body-size filter.
 * Every request that changes the world is a runner command; a response is sent once the runner has applied it.
 */
package io.orrery.api;
