/**
 * Controllers in the loop of many worlds: a task (what a controller observes in a world and what it acts on, its
 * reward, termination and time limit, {@link io.orrery.control.Task}), N copies of one world stepped together on a
 * pool of threads ({@link io.orrery.control.WorldBatch}), and Gymnasium's autoreset modes. Plain Java: the API's
 * vector WebSocket and the wiring in ops sit above it.
 */
package io.orrery.control;
