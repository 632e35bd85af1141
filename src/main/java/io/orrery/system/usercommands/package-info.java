/**
 * Gazebo's UserCommands system (create, remove, set pose): in Orrery the runner's commands do its work between steps,
 * so this folder holds only its descriptor.
 */
package io.orrery.system.usercommands;
