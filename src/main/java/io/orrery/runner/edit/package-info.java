/**
 * World edits from outside the loop: models spawned, removed, teleported, made static or dynamic, the world captured
 * for a save, actions on the physics world, and messages published on the bus, each a command applied between steps
 * ({@link io.orrery.runner.edit.Editing}, {@link io.orrery.runner.edit.Publishing}). A room of the runner: uses
 * {@code runner.command}, {@code runner.session} and {@code runner.port}. Plain Java.
 */
package io.orrery.runner.edit;
