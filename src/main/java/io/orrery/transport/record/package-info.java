/**
 * Recordings of a run. {@code mcap} writes and reads MCAP files; the recording of a run (which topics, the scene, the
 * world files as attachments) and its replay come on top of it later. Its {@code mcap} library uses nothing of Orrery's
 * (plain Java and its two compressors), so that a recorder, a replay and a Foxglove server can share it.
 */
package io.orrery.transport.record;
