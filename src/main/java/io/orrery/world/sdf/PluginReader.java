package io.orrery.world.sdf;

import static io.orrery.world.sdf.Values.line;
import static io.orrery.world.sdf.Values.text;

import io.orrery.world.PluginSpec;
import io.orrery.world.SdfElement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.jdom2.Attribute;
import org.jdom2.Element;

/** A {@code <plugin>} of a world, model or include: its parameters kept whole as element trees. */
final class PluginReader {

    private PluginReader() {}

    /** The plugin {@code p} of {@code where}, listed in {@code ignored} when Orrery does not run it. */
    static PluginSpec plugin(Element p, String where, IgnoredElements ignored) {
        return ignored.plugin(p, plugin(p, where), where);
    }

    /** The plugin {@code p} of {@code where} as written, for a visual's plugins (drawn, never hosted). */
    static PluginSpec plugin(Element p, String where) {
        String name = Values.requiredAttribute(p, "name", where);
        String filename = Values.requiredAttribute(p, "filename", where);
        String pluginWhere = where + " plugin '" + name + "'";
        OptionalInt priority = OptionalInt.empty();
        List<SdfElement> parameters = new ArrayList<>();
        for (Element c : p.getChildren()) {
            parameters.add(tree(c));
            // gz-sim writes <gz:system_priority>; any prefix (or none) is accepted, Gazebo's <gz::...> spelling too
            String qualified = LenientNamespaceFilter.unescape(c.getQualifiedName());
            if (qualified.substring(qualified.lastIndexOf(':') + 1).equals("system_priority") && priority.isEmpty()) {
                priority = OptionalInt.of(Values.integer(c, pluginWhere));
            }
        }
        boolean required = Values.boolAttribute(p, "required", false, pluginWhere);
        return new PluginSpec(name, filename, parameters, priority, required, line(p));
    }

    /** An element as plain data, its children and attributes included. */
    static SdfElement tree(Element e) {
        Map<String, String> attributes = new LinkedHashMap<>();
        for (Attribute a : e.getAttributes()) {
            attributes.put(a.getQualifiedName(), a.getValue());
        }
        List<SdfElement> children =
                e.getChildren().stream().map(PluginReader::tree).toList();
        return new SdfElement(LenientNamespaceFilter.unescape(e.getQualifiedName()), attributes, text(e), children);
    }
}
