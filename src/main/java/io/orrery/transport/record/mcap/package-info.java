/**
 * MCAP files, written and read in plain Java: the container format Foxglove, Lichtblick and ROS 2's rosbag2 read
 * (specification: mcap.dev/spec). {@link io.orrery.transport.record.mcap.McapWriter} writes chunked, compressed
 * (zstd or lz4) files with message indexes after each chunk, attachments, metadata and a summary;
 * {@link io.orrery.transport.record.mcap.McapReader} reads them back through the summary, or by scanning when a killed
 * process left no summary, and verifies their CRCs. Every size read from a file is bounded by
 * {@link io.orrery.transport.record.mcap.McapLimits}; a file that breaks the format or a bound is refused with a
 * {@link io.orrery.transport.record.mcap.McapFormatException} naming the offset.
 *
 * <p>A library on its own: it depends on no other Orrery package, so that recording, replay and a Foxglove server
 * can all use it.
 */
package io.orrery.transport.record.mcap;
