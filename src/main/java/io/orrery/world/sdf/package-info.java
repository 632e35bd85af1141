/**
 * Reads SDF (1.6 to 1.11) into the immutable {@code io.orrery.world} records, and writes a running world back into
 * its original document. The only package that touches XML (jdom2): parsing is hardened (no DTDs, no entities,
 * bounded size), and every error names file, line and column.
 */
package io.orrery.world.sdf;
