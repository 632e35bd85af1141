package io.orrery.world;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An XML element kept as plain data (plugin parameters): qualified name, attributes, trimmed text and
 * children.
 */
public record SdfElement(String name, Map<String, String> attributes, String text, List<SdfElement> children) {

    public SdfElement {
        attributes = Map.copyOf(attributes);
        children = List.copyOf(children);
    }

    /** The first child of that name, if present. */
    public Optional<SdfElement> child(String childName) {
        return children.stream().filter(c -> c.name().equals(childName)).findFirst();
    }
}
