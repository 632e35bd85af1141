package io.orrery.plugin.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.orrery.plugin.StartProgress;
import io.orrery.plugin.internal.PluginStartEvent.AllStarted;
import io.orrery.plugin.internal.PluginStartEvent.ProgressChanged;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

class PluginStartTrackerTests {

    private final PluginStartTracker tracker = new PluginStartTracker();
    private final List<PluginStartEvent> events = new CopyOnWriteArrayList<>();

    PluginStartTrackerTests() {
        tracker.addListener(events::add);
    }

    @Test
    void reportsProgressAtBindAndEachStartThenAllStarted() {
        tracker.bind(List.of("a", "b", "c"));
        tracker.started("b");
        tracker.started("a");
        assertThat(tracker.progress()).isEqualTo(new StartProgress(2, 3, false));
        tracker.started("c");

        assertThat(events)
                .containsExactly(
                        new ProgressChanged(0, 3),
                        new ProgressChanged(1, 3),
                        new ProgressChanged(2, 3),
                        new ProgressChanged(3, 3),
                        new AllStarted(3));
        assertThat(tracker.progress()).isEqualTo(new StartProgress(3, 3, true));
    }

    @Test
    void raisesAllStartedExactlyOnceEvenWhenPluginsArriveLater() {
        tracker.bind(List.of("a"));
        tracker.started("a");
        tracker.add("robot::b");
        tracker.started("robot::b");
        tracker.started("robot::b");

        assertThat(events)
                .containsExactly(
                        new ProgressChanged(0, 1),
                        new ProgressChanged(1, 1),
                        new AllStarted(1),
                        new ProgressChanged(1, 2),
                        new ProgressChanged(2, 2));
        assertThat(events).filteredOn(AllStarted.class::isInstance).hasSize(1);
        assertThat(tracker.progress()).isEqualTo(new StartProgress(2, 2, true));
    }

    @Test
    void zeroPluginsAreAllStartedAtBind() throws Exception {
        tracker.bind(List.of());

        assertThat(events).containsExactly(new ProgressChanged(0, 0), new AllStarted(0));
        assertThat(tracker.isAllStarted()).isTrue();
        tracker.await(Duration.ZERO);
    }

    @Test
    void aFailedPluginIsNoLongerCounted() {
        tracker.bind(List.of("a", "b"));
        tracker.started("a");
        tracker.failed("b");

        assertThat(events)
                .containsExactly(
                        new ProgressChanged(0, 2),
                        new ProgressChanged(1, 2),
                        new ProgressChanged(1, 1),
                        new AllStarted(1));
    }

    @Test
    void aPluginAddedBeforeAllStartedJoinsTheWait() {
        tracker.bind(List.of("a"));
        tracker.add("robot::b");
        tracker.started("a");
        assertThat(tracker.isAllStarted()).isFalse();
        tracker.started("robot::b");

        assertThat(tracker.progress()).isEqualTo(new StartProgress(2, 2, true));
    }

    @Test
    void timeoutNamesThePluginsNotStarted() {
        tracker.bind(List.of("a", "b", "c"));
        tracker.started("b");

        assertThatThrownBy(() -> tracker.await(Duration.ofMillis(20)))
                .isInstanceOf(TimeoutException.class)
                .hasMessage("timed out waiting for plugins (1/3 started): a, c");
        assertThat(tracker.notStarted()).containsExactly("a", "c");
    }

    @Test
    void aRemovedStartedPluginShrinksBothCounts() {
        tracker.bind(List.of("a", "robot::b"));
        tracker.started("a");
        tracker.started("robot::b");
        tracker.removed("robot::b");

        assertThat(tracker.progress()).isEqualTo(new StartProgress(1, 1, true));
        assertThat(events).last().isEqualTo(new ProgressChanged(1, 1));
    }

    @Test
    void bindsOnceAndOnlyThenAcceptsRuntimePlugins() {
        assertThatThrownBy(() -> tracker.add("x"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("not bound");
        tracker.bind(List.of("a"));
        assertThatThrownBy(() -> tracker.bind(List.of("b"))).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> tracker.add("a"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'a' is already tracked");
    }

    @Test
    void aThrowingListenerDoesNotStopTheOthers() {
        PluginStartTracker t = new PluginStartTracker();
        List<PluginStartEvent> heard = new CopyOnWriteArrayList<>();
        t.addListener(e -> {
            throw new IllegalStateException("listener bug");
        });
        t.addListener(heard::add);
        t.bind(List.of());

        assertThat(heard).containsExactly(new ProgressChanged(0, 0), new AllStarted(0));
    }
}
