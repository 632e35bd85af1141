/**
 * Bridges from the world's topic bus to other transports. Each bridge only reads and publishes on the bus and asks
 * the use cases of {@code io.orrery.app}, as the HTTP API does; none touches the loop, reads SDF or uses another
 * surface.
 */
package io.orrery.transport;
