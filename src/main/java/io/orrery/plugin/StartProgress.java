package io.orrery.plugin;

/**
 * The plugin start progress at one instant.
 *
 * @param started how many tracked plugins have started
 * @param total how many are tracked (failed ones are no longer counted)
 * @param allStarted whether AllStarted was raised
 */
public record StartProgress(int started, int total, boolean allStarted) {}
