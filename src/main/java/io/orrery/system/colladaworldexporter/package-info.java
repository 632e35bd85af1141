/**
 * Gazebo's ColladaWorldExporter: a world's visuals and lights, as they stand at its first PostUpdate, written once as
 * a COLLADA document under the plugin output directory. Uses the system phases, {@code io.orrery.plugin}'s SPI (the
 * world and model specs, the output directory), {@code system.gazebo}, the cameras' tessellation
 * ({@code render.VisualMeshes}) and the JDK's StAX writer; plain Java.
 */
package io.orrery.system.colladaworldexporter;
