/**
 * What Orrery brings: its own plugins ({@code orrery-pose-publisher}, model poses to the event stream, and
 * {@code orrery-lifecycle-bridge}, reset, start and stop POSTed to an outside bridge), and the registries that name
 * the built-ins, so that the core never does (gz sim's core names no system): Gazebo's ported systems
 * ({@link io.orrery.builtin.GazeboSystems}), the systems every world gets
 * ({@link io.orrery.builtin.BuiltinSystems}) and the device kinds ({@link io.orrery.builtin.BuiltinDevices}).
 * All are registered by {@link io.orrery.builtin.BuiltinPlugins} and the wiring in {@code ops}.
 */
package io.orrery.builtin;
