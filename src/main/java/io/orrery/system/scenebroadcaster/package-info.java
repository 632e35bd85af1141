/**
 * gz sim's world interface on the bus: the clock and statistics its SimulationRunner publishes, and the poses of its
 * SceneBroadcaster system, with gz sim's topic names and rates. Uses the system phases, the physics read-only view, the
 * topic bus, Gazebo's messages and the world records; plain Java.
 */
package io.orrery.system.scenebroadcaster;
