/**
 * Gazebo's RFComms system: a comms broker whose messages travel by radio, received with the power a log-normal
 * path-loss model gives (seeded from the run), lost by the QPSK bit errors that power allows, and limited by each
 * radio's capacity. Uses {@code system.comms} and the run's seed (the system phases' Seeded); plain Java.
 */
package io.orrery.system.rfcomms;
