/**
 * Real-time pacing (absolute-time control, catching up within a horizon, as PyBulletFleet paces), step statistics
 * and the time spent in each step phase, and the monotonic clock and sleeper they run on. A room of the runner with
 * no dependency on the rest of it. Plain Java.
 */
package io.orrery.runner.pacing;
