package io.orrery.world.sdf;

import static io.orrery.world.sdf.Values.line;

import io.orrery.world.IgnoredElement;
import io.orrery.world.PluginSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.jdom2.Element;

/** The elements one load reads past because Orrery does not simulate them, each with where it stood. */
final class IgnoredElements {

    private final String mainSource;
    private final Predicate<PluginSpec> simulatedPlugins;
    private final List<IgnoredElement> elements = new ArrayList<>();

    /**
     * @param mainSource the document being loaded; elements of included files also name their file
     * @param simulatedPlugins true for a {@code <plugin>} some system or plugin type of Orrery runs
     */
    IgnoredElements(String mainSource, Predicate<PluginSpec> simulatedPlugins) {
        this.mainSource = mainSource;
        this.simulatedPlugins = simulatedPlugins;
    }

    /** Lists {@code plugin}, read from {@code e}, by name, filename and owner when nothing in Orrery runs it. */
    PluginSpec plugin(Element e, PluginSpec plugin, String owner) {
        if (!simulatedPlugins.test(plugin)) {
            add(e, owner + " plugin '" + plugin.name() + "' (filename '" + plugin.filename() + "')");
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
