package io.orrery.app;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The worlds this process runs, by id; today exactly one, {@link WorldId#DEFAULT}. Every use case resolves the world
 * it acts on here. Thread-safe (immutable).
 */
public final class Worlds {

    private final Map<WorldId, World> worlds;

    /** The registry of {@code worlds}, in this order; ids must differ. */
    public Worlds(List<World> worlds) {
        Map<WorldId, World> byId = new LinkedHashMap<>();
        for (World w : worlds) {
            if (byId.putIfAbsent(w.id(), w) != null) {
                throw new IllegalArgumentException("two worlds have the id '" + w.id() + "'");
            }
        }
        this.worlds = Map.copyOf(byId);
    }

    /**
     * The world with {@code id}.
     *
     * @throws IllegalArgumentException naming the worlds there are, when none has that id
     */
    public World get(WorldId id) {
        World w = worlds.get(id);
        if (w == null) {
            throw new IllegalArgumentException("no world '" + id + "'; this server runs " + worlds.keySet());
        }
        return w;
    }
}
