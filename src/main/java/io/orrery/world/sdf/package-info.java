/**
 * Reads SDF (1.6 to 1.11) into the immutable {@code io.orrery.world} records, and writes a running world back into
 * its original document. The only package that touches XML (jdom2): parsing is hardened (no DTDs, no entities,
 * bounded size), and every error names file, line and column.
 *
 * <p>{@link io.orrery.world.sdf.SdfReader} parses a file ({@code SdfFiles}, {@code SecureXml}) and hands the document
 * to a {@code SpecReader}, one per load, which reads the world with one package-private reader per part: world
 * elements, models and includes (resolved by {@code IncludeResolver}), links, inertials, geometry, joints,
 * plugins, and what cameras draw: visuals and their materials, lights, the scene. {@code SdfWriter} and
 * {@code SpecWriter} (with {@code VisualWriter}) go the other way. Its errors are {@code SdfException}, a
 * {@code io.orrery.world.DocumentException} (what the surfaces answer without reading SDF themselves). Uses the
 * {@code world} records and {@code world.mesh}; used by the wiring and the use cases, never by a surface.
 */
package io.orrery.world.sdf;
