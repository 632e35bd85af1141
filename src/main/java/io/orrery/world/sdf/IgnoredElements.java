package io.orrery.world.sdf;

import static io.orrery.world.sdf.Values.line;

import io.orrery.world.IgnoredElement;
import io.orrery.world.PluginSpec;
import io.orrery.world.SdfElement;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.jdom2.Element;

/** The elements one load reads past because Orrery does not simulate them, each with where it stood. */
final class IgnoredElements {

    private final String mainSource;
    private final Predicate<PluginSpec> simulatedPlugins;
    private final SdfReader.PluginParts pluginParts;
    private final List<IgnoredElement> elements = new ArrayList<>();
    /** The world's name once read; empty for a model read alone. */
    private String world = "";

    /**
     * @param mainSource the document being loaded; elements of included files also name their file
     * @param simulatedPlugins true for a {@code <plugin>} some system or plugin type of Orrery runs
     * @param pluginParts what of a simulated plugin's parameters Orrery does not simulate
     */
    IgnoredElements(String mainSource, Predicate<PluginSpec> simulatedPlugins, SdfReader.PluginParts pluginParts) {
        this.mainSource = mainSource;
        this.simulatedPlugins = simulatedPlugins;
        this.pluginParts = pluginParts;
    }

    /** The world's name, for the services its plugins name ({@code /world/<name>/set_pose}). */
    void world(String name) {
        world = name;
    }

    /** Lists {@code plugin}, read from {@code e}, by name, filename and owner when nothing in Orrery runs it. */
    PluginSpec plugin(Element e, PluginSpec plugin, String owner) {
        if (!simulatedPlugins.test(plugin)) {
            add(e, owner + " plugin '" + plugin.name() + "' (filename '" + plugin.filename() + "')");
            return plugin;
        }
        List<Element> children = e.getChildren();
        for (SdfElement part : pluginParts.notSimulated(plugin, world)) {
            for (int i = 0; i < plugin.parameters().size() && i < children.size(); i++) {
                if (plugin.parameters().get(i) == part) {
                    add(
                            children.get(i),
                            owner + " plugin '" + plugin.name() + "' <" + part.name() + "> "
                                    + part.attributes().getOrDefault("name", ""));
                }
            }
        }
        return plugin;
    }

    void add(Element e, String where) {
        String source = Values.source(e);
        String place = source.equals(mainSource) ? where : where + " (in " + source + ")";
        elements.add(new IgnoredElement(
                LenientNamespaceFilter.unescape(e.getQualifiedName()),
                place.isEmpty() ? "document" : place,
                line(e),
                source,
                Values.column(e)));
    }

    void add(IgnoredElement element) {
        elements.add(element);
    }

    List<IgnoredElement> list() {
        return List.copyOf(elements);
    }
}
