package io.orrery.builtin;

import io.orrery.world.PluginSpec;
import io.orrery.world.SdfElement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/** Builds plugin elements the way the SDF reader would. */
final class BuiltinTestSupport {

    private BuiltinTestSupport() {}

    /** A plugin element; {@code params} alternate element name and text. */
    static PluginSpec spec(String name, String filename, String... params) {
        List<SdfElement> elements = new ArrayList<>();
        for (int i = 0; i < params.length; i += 2) {
            elements.add(new SdfElement(params[i], Map.of(), params[i + 1], List.of()));
        }
        return new PluginSpec(name, filename, elements, OptionalInt.empty(), false, 7);
    }
}
