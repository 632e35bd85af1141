/**
 * What the runner offers and is given: its ports ({@link io.orrery.runner.port.RunControl},
 * {@link io.orrery.runner.port.WorldEditing}, {@link io.orrery.runner.port.TopicAccess},
 * {@link io.orrery.runner.port.ControllerHold}, {@link io.orrery.runner.port.RunReads}), the records and exceptions
 * they speak, and the settings it is built with. The application layer uses the runner through these alone. May use
 * the world records, physics, topics, plugins, systems, lifecycle, triggers and {@code runner.pacing}; no other part
 * of the runner. Plain Java.
 */
package io.orrery.runner.port;
