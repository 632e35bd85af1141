package io.orrery.world;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A {@code <plugin>} element, at world or model level.
 *
 * @param name the instance name ({@code name} attribute)
 * @param filename the {@code filename} attribute, which names the plugin or system type
 * @param parameters its child elements, kept as a tree
 * @param priority a priority element such as gz-sim's {@code <gz:system_priority>}, if present
 * @param required the {@code required="true"} attribute: failing to start it means the world does not start
 * @param line line of the element, for messages
 */
public record PluginSpec(
        String name, String filename, List<SdfElement> parameters, OptionalInt priority, boolean required, int line) {

    public PluginSpec {
        parameters = List.copyOf(parameters);
    }

    /** The text of the first child element of that name, if present. */
    public Optional<String> parameter(String elementName) {
        return parameters.stream()
                .filter(p -> p.name().equals(elementName))
                .map(SdfElement::text)
                .findFirst();
    }
}
