package io.orrery.transport.record.mcap;

/**
 * The first record of a file.
 *
 * @param profile "" for Orrery's files (a well-known profile such as "ros2" binds the encodings)
 * @param library the writer, for example "orrery 0.1.0"
 */
public record McapHeader(String profile, String library) {}
