/**
 * The immutable world model read from SDF: records only, no XML and no framework; and the plain file handling that
 * saves and finds world files inside the worlds directory ({@code WorldSaver}), and what a document that does not read
 * is ({@code DocumentException}). Uses nothing of Orrery's.
 */
package io.orrery.world;
