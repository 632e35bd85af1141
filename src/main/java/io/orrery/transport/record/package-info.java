/**
 * Recordings of a run. {@code mcap} writes and reads MCAP files; the recording of a run (which topics, the scene,
 * the world files as attachments) and its replay come on top of it later.
 */
package io.orrery.transport.record;
