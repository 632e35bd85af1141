/**
 * Gazebo's PerfectComms system: a comms broker that delivers every message between bound addresses in the step after
 * it was sent. Uses {@code system.comms}; plain Java.
 */
package io.orrery.system.perfectcomms;
