package io.orrery.trigger;

import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * The triggers of one loaded simulation: evaluates them as the runner reports steps and lifecycle changes,
 * and keeps a bounded history of firings. A full reload builds a new registry.
 *
 * <p>Rules:
 * <ul>
 * <li>Triggers are evaluated in the order they were added, and the actions of one call come back in that order.
 * <li>A non-sticky trigger fires once and leaves {@link #list()}; a sticky one stays armed.
 * <li>{@code time=t} fires at the first step whose sim time is {@code >= t}, at most once per run: a sticky
 *     time trigger would otherwise fire at every later step, which is what {@code loop} is for.
 * <li>{@code next} fires at the first step reported after it was added ({@code next} + sticky is a loop).
 * <li>A reset starts the world over at sim time 0, so {@link #onLifecycle(LifecycleEventKind) onLifecycle(RESET)}
 *     re-arms the time triggers that came from configuration and the sticky time triggers. A non-sticky time
 *     trigger added at runtime that already fired stays gone (one request, one firing); one that has not fired
 *     yet stays armed and fires at its time in the new run. Other triggers are not touched by a reset.
 * </ul>
 *
 * <p>Driven from the runner thread. Every method is synchronized, so {@link #list()} and {@link #history()},
 * which return copies, may be called from any thread; the lock is uncontended on the step path.
 */
public final class TriggerRegistry {

    /** How many firings {@link #history()} keeps unless told otherwise. */
    public static final int DEFAULT_HISTORY_LIMIT = 1000;

    private final int historyLimit;
    private final Clock clock;
    private final List<Entry> entries = new ArrayList<>();
    private final Deque<FiredTrigger> history = new ArrayDeque<>();
    private long lastSimTimeNanos;

    /** A registry keeping the last {@value #DEFAULT_HISTORY_LIMIT} firings, stamped by the UTC system clock. */
    public TriggerRegistry() {
        this(DEFAULT_HISTORY_LIMIT, Clock.systemUTC());
    }

    /** A registry keeping the last {@code historyLimit} (at least 1) firings, stamped by {@code clock}. */
    public TriggerRegistry(int historyLimit, Clock clock) {
        if (historyLimit < 1) {
            throw new IllegalArgumentException("trigger history limit must be >= 1, got " + historyLimit);
        }
        this.historyLimit = historyLimit;
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Adds an armed trigger after the existing ones. */
    public synchronized void add(Trigger trigger) {
        entries.add(new Entry(Objects.requireNonNull(trigger, "trigger")));
    }

    /**
     * Adds {@code trigger} after the existing ones unless the registry already holds {@code max} triggers from its
     * source (armed, or kept for the next reset); returns whether it was added. Check and add are one step, so
     * concurrent callers cannot pass the cap together.
     */
    public synchronized boolean addUnlessFull(Trigger trigger, int max) {
        if (countFrom(trigger.source()) >= max) {
            return false;
        }
        add(trigger);
        return true;
    }

    /** How many triggers from {@code source} the registry holds: armed, or kept disarmed for the next reset. */
    public synchronized int countFrom(String source) {
        int n = 0;
        for (Entry e : entries) {
            if (e.trigger.source().equals(source)) {
                n++;
            }
        }
        return n;
    }

    /** Adds triggers in order. */
    public synchronized void addAll(Collection<Trigger> triggers) {
        triggers.forEach(this::add);
    }

    /** The armed triggers, in the order they were added (a copy). */
    public synchronized List<Trigger> list() {
        List<Trigger> armed = new ArrayList<>();
        for (Entry e : entries) {
            if (e.armed) {
                armed.add(e.trigger);
            }
        }
        return List.copyOf(armed);
    }

    /** The most recent firings, oldest first, at most {@link #historyLimit()} (a copy). */
    public synchronized List<FiredTrigger> history() {
        return List.copyOf(history);
    }

    /** How many firings the history keeps. */
    public int historyLimit() {
        return historyLimit;
    }

    /**
     * Evaluates the step triggers ({@code time=}, {@code next}, {@code loop}) for a step at {@code simTimeNanos}
     * and returns the actions of those that fired, in the order the triggers were added.
     */
    public synchronized List<TriggerAction> onStep(long simTimeNanos) {
        lastSimTimeNanos = simTimeNanos;
        return fireWhere(event -> firesAtStep(event, simTimeNanos), simTimeNanos);
    }

    /**
     * Evaluates the triggers of a cycle in Pause: {@code loop} fires every cycle of the loop, paused or not
     * (Cloe's rule); time and {@code next} wait for steps. Returns the actions of those that fired.
     */
    public synchronized List<TriggerAction> onPausedCycle() {
        return fireWhere(event -> event instanceof TriggerEvent.Loop, lastSimTimeNanos);
    }

    /**
     * Evaluates the triggers waiting for {@code kind} and returns the actions of those that fired, in the order
     * the triggers were added. For RESET it then re-arms time triggers as described in the class comment.
     */
    public synchronized List<TriggerAction> onLifecycle(LifecycleEventKind kind) {
        Objects.requireNonNull(kind, "kind");
        List<TriggerAction> fired =
                fireWhere(event -> event instanceof TriggerEvent.OnLifecycle on && on.kind() == kind, lastSimTimeNanos);
        if (kind == LifecycleEventKind.RESET) {
            lastSimTimeNanos = 0;
            for (Entry e : entries) {
                // Only kept time triggers are still here disarmed: configured or sticky ones.
                if (e.trigger.event() instanceof TriggerEvent.Time) {
                    e.armed = true;
                }
            }
        }
        return fired;
    }

    /** Fires the armed triggers whose event matches, in the order they were added; returns their actions. */
    private List<TriggerAction> fireWhere(Predicate<TriggerEvent> matches, long simTimeNanos) {
        List<TriggerAction> fired = null;
        for (Iterator<Entry> it = entries.iterator(); it.hasNext(); ) {
            Entry e = it.next();
            if (e.armed && matches.test(e.trigger.event())) {
                fired = record(fired, e, simTimeNanos);
                if (!settleAfterFiring(e)) {
                    it.remove();
                }
            }
        }
        return fired == null ? List.of() : List.copyOf(fired);
    }

    private static boolean firesAtStep(TriggerEvent event, long simTimeNanos) {
        if (event instanceof TriggerEvent.Time time) {
            return simTimeNanos >= time.simTimeNanos();
        }
        return event instanceof TriggerEvent.Next || event instanceof TriggerEvent.Loop;
    }

    private List<TriggerAction> record(List<TriggerAction> fired, Entry e, long simTimeNanos) {
        Trigger t = e.trigger;
        if (history.size() == historyLimit) {
            history.removeFirst();
        }
        history.addLast(new FiredTrigger(t.label(), t.event(), t.action(), simTimeNanos, clock.instant()));
        List<TriggerAction> result = fired == null ? new ArrayList<>(2) : fired;
        result.add(t.action());
        return result;
    }

    /** Updates a trigger that just fired; returns false when it is to be dropped. */
    private static boolean settleAfterFiring(Entry e) {
        Trigger t = e.trigger;
        if (t.event() instanceof TriggerEvent.Time) {
            e.armed = false;
            return t.sticky() || t.fromConfiguration();
        }
        return t.sticky();
    }

    private static final class Entry {
        final Trigger trigger;
        boolean armed = true;

        Entry(Trigger trigger) {
            this.trigger = trigger;
        }
    }
}
