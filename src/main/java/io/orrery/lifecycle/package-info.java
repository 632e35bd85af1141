/**
 * The simulation lifecycle as Cloe draws it: {@link io.orrery.lifecycle.SimState states},
 * {@link io.orrery.lifecycle.SimEvent events} (one per edge, named after its target) and a
 * {@link io.orrery.lifecycle.SimulationMachine} that enforces them. The only user of Spring Statemachine;
 * everything outside this package sees the plain interface.
 */
package io.orrery.lifecycle;
