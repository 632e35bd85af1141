/**
 * Systems and the phases they run in, after Gazebo Sim's {@code System}: a system implements only the phase
 * interfaces it needs ({@link io.orrery.system.PreUpdate}, {@link io.orrery.system.Update},
 * {@link io.orrery.system.PostUpdate}, {@link io.orrery.system.Reset}, {@link io.orrery.system.Configure}), and the
 * {@link io.orrery.system.SystemManager} runs them each step in priority order. Plain Java, no framework.
 */
package io.orrery.system;
