/**
 * The immutable world model read from SDF: records only, no XML and no framework; and the plain file handling that
 * saves and finds world files inside the worlds directory ({@code WorldSaver}).
 */
package io.orrery.world;
