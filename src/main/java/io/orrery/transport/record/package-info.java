/**
 * Recordings of a run: the world's topics, the scene and the link frames written into an MCAP file with the channels
 * and schemas the Foxglove server advertises, stamped in sim time, from the start ({@code orrery.record.path}) or
 * when asked over HTTP ({@code /api/recording}); bounded in size and in what waits for the disk. Its {@code mcap}
 * library uses nothing of Orrery's (plain Java and its two compressors), so that a recorder, a replay and a Foxglove
 * server can share it. May use {@code app} (the world's topics and files, as every surface), the scene shared with
 * the Foxglove server ({@code transport.scene}), the topic bus, gz-msgs and Foxglove's schemas; never another surface.
 */
package io.orrery.transport.record;
