/**
 * Node.js projects under {@code src/test/node} run from the tests: reference clients and readers from other projects
 * (Foxglove's WebSocket client, its MCAP readers) that check what the server writes. Uses only the JDK, Jackson and
 * AssertJ.
 */
package io.orrery.node;
