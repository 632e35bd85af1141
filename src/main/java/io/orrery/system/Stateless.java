package io.orrery.system;

/**
 * Marks a system that keeps no state across steps, so a reset needs nothing from it. Every system must
 * implement either {@link Reset} or this, otherwise the simulation cannot be reset (see
 * {@link SystemManager#systemsNotSupportingReset()}).
 */
public interface Stateless {}
