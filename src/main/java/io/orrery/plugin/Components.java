package io.orrery.plugin;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;

/**
 * One world's store of components, the data Gazebo's systems share through its entity-component manager: a value per
 * entity and typed {@link Key}. An entity is a scoped name: a model ({@code model}, {@code model::nested}), or
 * something of one ({@code model::link}); the host drops a removed model's entries (its own and every
 * {@code model::…}) and clears the store when the world is reset or reloaded. Runner thread only (phase callbacks
 * such as PreUpdate and Update; not a PostUpdate on the parallel pool, nor a plugin's own threads): a use from another
 * thread throws {@link IllegalStateException}.
 */
public final class Components {

    /**
     * A component type: its name (for messages) and the class of its values. Keys compare by identity: share one
     * constant between the systems that use it.
     */
    public static final class Key<T> {
        private final String name;
        private final Class<T> type;

        private Key(String name, Class<T> type) {
            this.name = Objects.requireNonNull(name, "name");
            this.type = Objects.requireNonNull(type, "type");
        }

        public static <T> Key<T> of(String name, Class<T> type) {
            return new Key<>(name, type);
        }

        public String name() {
            return name;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private final BooleanSupplier onOwnerThread;
    private final Map<Key<?>, Map<String, Object>> values = new HashMap<>();

    /** @param onOwnerThread true on the one thread allowed to use the store (the runner's) */
    public Components(BooleanSupplier onOwnerThread) {
        this.onOwnerThread = onOwnerThread;
    }

    /** The entity name of a model's plugin at {@code scope} ({@code inner::} or empty) within {@code model}. */
    public static String entity(String model, String scope) {
        return scope.isEmpty() ? model : model + "::" + scope.substring(0, scope.length() - 2);
    }

    /** Sets {@code entity}'s {@code key} component to {@code value}, replacing any. */
    public <T> void set(String entity, Key<T> key, T value) {
        check();
        values.computeIfAbsent(key, k -> new HashMap<>())
                .put(Objects.requireNonNull(entity, "entity"), key.type.cast(Objects.requireNonNull(value, "value")));
    }

    /** {@code entity}'s {@code key} component, if set. */
    public <T> Optional<T> get(String entity, Key<T> key) {
        check();
        Map<String, Object> byEntity = values.get(key);
        return byEntity == null
                ? Optional.empty()
                : Optional.ofNullable(byEntity.get(entity)).map(key.type::cast);
    }

    /** Removes {@code entity}'s {@code key} component, if set. */
    public void remove(String entity, Key<?> key) {
        check();
        Map<String, Object> byEntity = values.get(key);
        if (byEntity != null) {
            byEntity.remove(entity);
        }
    }

    /** Every entity's {@code key} component, by entity name in order; a copy. */
    public <T> Map<String, T> all(Key<T> key) {
        check();
        Map<String, T> copy = new TreeMap<>();
        values.getOrDefault(key, Map.of()).forEach((e, v) -> copy.put(e, key.type.cast(v)));
        return Collections.unmodifiableMap(copy);
    }

    /** Host: drops the components of {@code model} and of everything in it ({@code model::…}). */
    public void removeModel(String model) {
        check();
        String prefix = model + "::";
        for (Map<String, Object> byEntity : values.values()) {
            byEntity.keySet().removeIf(e -> e.equals(model) || e.startsWith(prefix));
        }
    }

    /** Host: drops every component (a reset or a reload). */
    public void clear() {
        check();
        values.clear();
    }

    private void check() {
        if (!onOwnerThread.getAsBoolean()) {
            throw new IllegalStateException("components are for the runner thread only, not "
                    + Thread.currentThread().getName());
        }
    }
}
