package io.orrery.world;

/**
 * The text of the SDF document a world was read from, after include resolution was noted but before any
 * change. The SDF writer parses it again to write the running world back, so no XML object leaves
 * {@code world.sdf}.
 *
 * @param text the document exactly as read
 */
public record SourceDocument(String text) {}
