/**
 * Gazebo's AcousticComms system: a comms broker whose messages travel at the speed of sound from where their source
 * was when sent, are lost beyond a range, collide at a busy receiver, and (with a propagation model) are lost by the
 * bit errors the sonar equation allows, drawn from a stream seeded by the run. Uses {@code system.comms} and
 * {@code io.orrery.noise}'s seeds; plain Java.
 */
package io.orrery.system.acousticcomms;
