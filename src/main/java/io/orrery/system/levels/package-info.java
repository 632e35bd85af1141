/**
 * gz-sim's server configuration in a world ({@code <plugin name="gz::sim">}: performers and levels): the world reader
 * reads it, so this folder holds only its descriptor. Uses the system API only.
 */
package io.orrery.system.levels;
