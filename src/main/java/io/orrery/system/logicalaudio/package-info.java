/**
 * Gazebo's LogicalAudioSensorPlugin: sound sources and microphones that tell whether a source could be heard (its
 * volume attenuated over distance against the microphone's threshold), without playing any sound. Uses the system
 * phases, {@code io.orrery.plugin}'s SPI and its component store, {@code system.gazebo}, the topic bus and Gazebo's
 * messages; plain Java.
 */
package io.orrery.system.logicalaudio;
