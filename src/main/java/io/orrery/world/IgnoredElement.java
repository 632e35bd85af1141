package io.orrery.world;

import java.util.Set;

/**
 * An element kept in the document but not simulated, listed when the world loads ({@code GET /api/world} under
 * {@code unsupported}, the health's count, the log).
 *
 * @param element the element name, for example {@code light} or {@code sensor}
 * @param where a human-readable location, for example {@code model 'car' link 'chassis'}
 * @param line the line in the source file
 * @param file the file it stands in (an included model's file for its elements)
 * @param column the column of its start tag in that file, 0 when not known
 */
public record IgnoredElement(String element, String where, int line, String file, int column) {

    /** What only draws (the dashboard draws some of it): left out of the simulation without changing its physics. */
    private static final Set<String> DISPLAY = Set.of(
            "visual",
            "material",
            "light",
            "scene",
            "gui",
            "audio",
            "audio_sink",
            "audio_source",
            "projector",
            "particle_emitter");

    /** An element of the main document. */
    public IgnoredElement(String element, String where, int line) {
        this(element, where, line, "");
    }

    /** An element whose column is not known. */
    public IgnoredElement(String element, String where, int line, String file) {
        this(element, where, line, file, 0);
    }

    /**
     * True for what changes what a simulation computes in Gazebo (physics, sensors, joints, plugins' inputs);
     * false for display-only elements such as visuals and lights. {@code orrery.sdf.unsupported=fail} refuses
     * worlds that hold the former.
     */
    public boolean affectsSimulation() {
        return !DISPLAY.contains(element);
    }

    /** The same element without its file, to compare places. */
    public IgnoredElement withoutFile() {
        return new IgnoredElement(element, where, line);
    }
}
