package io.orrery.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

class ComponentsTests {

    static final Components.Key<Double> SOC = Components.Key.of("BatterySoC", Double.class);
    static final Components.Key<String> NAME = Components.Key.of("Name", String.class);

    final Thread owner = Thread.currentThread();
    final Components components = new Components(() -> Thread.currentThread() == owner);

    @Test
    void keepsOneValuePerEntityAndKey() {
        components.set("sub::battery", SOC, 0.5);
        components.set("sub::battery", SOC, 0.25);
        components.set("sub::battery", NAME, "battery");
        assertThat(components.get("sub::battery", SOC)).contains(0.25);
        assertThat(components.get("sub::battery", NAME)).contains("battery");
        assertThat(components.get("sub", SOC)).isEmpty();
        components.remove("sub::battery", SOC);
        assertThat(components.get("sub::battery", SOC)).isEmpty();
    }

    @Test
    void aRemovedModelTakesItsEntitiesAndNoOtherModels() {
        components.set("sub", SOC, 1.0);
        components.set("sub::battery", SOC, 1.0);
        components.set("sub::inner::battery", SOC, 1.0);
        components.set("submarine::battery", SOC, 1.0);
        components.removeModel("sub");
        assertThat(components.all(SOC)).containsOnlyKeys("submarine::battery");
        components.clear();
        assertThat(components.all(SOC)).isEmpty();
    }

    @Test
    void namesAPluginsEntityFromItsScope() {
        assertThat(Components.entity("x500", "")).isEqualTo("x500");
        assertThat(Components.entity("x500", "inner::")).isEqualTo("x500::inner");
    }

    @Test
    void refusesAnotherThread() {
        CompletableFuture<Void> other = CompletableFuture.runAsync(() -> components.get("sub", SOC));
        assertThatThrownBy(other::get)
                .isInstanceOf(ExecutionException.class)
                .hasCauseInstanceOf(IllegalStateException.class)
                .hasMessageContaining("runner thread only");
    }
}
