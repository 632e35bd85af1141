package io.orrery.world.sdf;

import static io.orrery.world.sdf.Values.fail;
import static io.orrery.world.sdf.Values.line;

import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jdom2.Element;

/** The read elements of one kind in one scope (a world's models, a model's links ...): names unique, order kept. */
final class Siblings<T> {

    private final String where;
    private final String kind;
    private final Function<T, String> name;
    private final Map<String, Element> elements = new HashMap<>();
    private final Map<String, T> byName = new LinkedHashMap<>();

    /**
     * @param where the scope, for messages
     * @param kind what the siblings are ({@code link}, {@code nested model} ...), for messages
     */
    Siblings(String where, String kind, Function<T, String> name) {
        this.where = where;
        this.kind = kind;
        this.name = name;
    }

    /** Adds {@code item}, read from {@code element}; a name already taken is an error naming the first. */
    void add(Element element, T item) {
        String itemName = name.apply(item);
        Element first = elements.putIfAbsent(itemName, element);
        if (first != null) {
            throw fail(
                    element,
                    where,
                    "duplicate " + kind + " name '" + itemName + "' (first defined at line " + line(first) + ")");
        }
        byName.put(itemName, item);
    }

    List<T> list() {
        return List.copyOf(byName.values());
    }

    Map<String, T> byName() {
        return Collections.unmodifiableMap(byName);
    }
}
