/**
 * The simulation loop: one runner thread owns the world and applies posted commands at StepEnd; real-time pacing
 * (absolute-time control, catching up within a horizon), step statistics, and the world lifecycle (load, reset
 * cascade, reload, runtime edits) around it.
 */
package io.orrery.runner;
