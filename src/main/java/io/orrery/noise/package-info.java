/**
 * Noise as SDF's {@code <noise>} describes it and gz-sensors applies it, with a reproducible seed per stream: shared by
 * the devices (a sensor's noise) and the systems (a wind's gusts), so neither depends on the other for it. Plain Java,
 * using only {@code world} records (the {@code <noise>} element).
 */
package io.orrery.noise;
