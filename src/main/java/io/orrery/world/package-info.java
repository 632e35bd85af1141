/** The immutable world model read from SDF: records only, no XML and no framework. */
package io.orrery.world;
