/**
 * Bridges from the world's topic bus to other transports. Each bridge only reads and publishes on the bus and posts
 * commands to the runner, as the HTTP API does; none touches the loop.
 */
package io.orrery.transport;
