/**
 * Commands on their way to the runner thread: the bounded {@link io.orrery.runner.command.CommandQueue} the loop
 * drains between steps, and {@link io.orrery.runner.command.CommandPosts}, how the ports post a command (the states
 * that accept it, refused while a controller holds the simulation, answered once joining models' plugins started). A
 * room of the runner: uses {@code runner.session} and {@code runner.port}. Plain Java.
 */
package io.orrery.runner.command;
