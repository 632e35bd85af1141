/**
 * gz sim's world interface on the bus: the clock and statistics its SimulationRunner publishes, and the poses of its
 * SceneBroadcaster system, with gz sim's topic names and rates.
 */
package io.orrery.system.scenebroadcaster;
