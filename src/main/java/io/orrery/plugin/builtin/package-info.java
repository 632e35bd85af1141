/**
 * Orrery's built-in plugins: {@code orrery-pose-publisher} (model poses to the event stream) and
 * {@code orrery-lifecycle-bridge} (reset, start and stop POSTed to an outside bridge). Registered by
 * {@link io.orrery.plugin.builtin.BuiltinPlugins}; they use only the plugin SPI.
 */
package io.orrery.plugin.builtin;
