/**
 * Runs a sweep on one machine as the Helm chart's Indexed Job runs it on a cluster: {@link io.orrery.sweep.LocalSweep}
 * renders helm/orrery with real Helm (helm-java) and starts one Orrery process per scenario. A tool users run
 * through Maven ({@code ./mvnw -q exec:java@sweep}), not part of the server: helm-java is an optional dependency the
 * application jar leaves out, and nothing else in Orrery uses this package.
 */
package io.orrery.sweep;
