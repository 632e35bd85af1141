/**
 * The Spring side of Orrery: the {@code orrery.*} properties, the wiring of the plain-Java core into beans, the
 * runner's life with the application's, and what operators see: health components and probes, the
 * {@code /actuator/simulation} endpoint, the simulation's meters, build and world info. May use the runner (its wiring
 * and ports) and everything below it; never {@code app} or a surface.
 */
package io.orrery.ops;
