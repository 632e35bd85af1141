package io.orrery.world.sdf;

import static io.orrery.world.sdf.Values.line;

import io.orrery.world.IgnoredElement;
import java.util.ArrayList;
import java.util.List;
import org.jdom2.Element;

/** The elements one load reads past because Orrery does not simulate them, each with where it stood. */
final class IgnoredElements {

    private final String mainSource;
    private final List<IgnoredElement> elements = new ArrayList<>();

    /** @param mainSource the document being loaded; elements of included files also name their file */
    IgnoredElements(String mainSource) {
        this.mainSource = mainSource;
    }

    void add(Element e, String where) {
        String source = Values.source(e);
        String place = source.equals(mainSource) ? where : where + " (in " + source + ")";
        elements.add(new IgnoredElement(
                LenientNamespaceFilter.unescape(e.getQualifiedName()),
                place.isEmpty() ? "document" : place,
                line(e),
                source));
    }

    void add(IgnoredElement element) {
        elements.add(element);
    }

    List<IgnoredElement> list() {
        return List.copyOf(elements);
    }
}
