/**
 * The soak: clients mixing every kind of command against a real server, with a ledger of the models they own,
 * liveness polled throughout and threads and heap sampled; run by {@code SoakTests} in the build and by the
 * benchmark runner ({@code Benchmarks soak}) for the figures of docs/performance.md.
 */
package io.orrery.soak;
