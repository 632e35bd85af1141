package io.orrery.plugin.internal;

import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginApi;
import io.orrery.plugin.PluginCommand;
import io.orrery.plugin.PluginContext;
import io.orrery.plugin.PluginEvent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

/** A test plugin whose callbacks do what the test says and are written to a shared call log. */
final class ScriptedPlugin implements Plugin {

    interface Step {
        void run() throws Exception;
    }

    final String name;
    final List<String> calls;
    int apiVersion = PluginApi.VERSION;
    Step onAwake = () -> {};
    Step onStart = () -> {};
    Step onReset = () -> {};
    Step onEnd = () -> {};
    Map<String, PluginCommand> commands = Map.of();
    final List<PluginEvent> events = new CopyOnWriteArrayList<>();
    volatile PluginContext context;
    private final AtomicBoolean starting = new AtomicBoolean();
    volatile boolean resetWhileStarting;

    ScriptedPlugin(String name, List<String> calls) {
        this.name = name;
        this.calls = calls;
    }

    static List<String> newCallLog() {
        return Collections.synchronizedList(new ArrayList<>());
    }

    @Override
    public int requiredApiVersion() {
        return apiVersion;
    }

    @Override
    public void awake(PluginContext context) {
        this.context = context;
        calls.add(name + ":awake");
        run(onAwake);
    }

    @Override
    public void start(PluginContext context) throws Exception {
        starting.set(true);
        calls.add(name + ":start");
        try {
            onStart.run();
        } finally {
            starting.set(false);
        }
        calls.add(name + ":started");
    }

    @Override
    public void reset() {
        if (starting.get()) {
            resetWhileStarting = true;
        }
        calls.add(name + ":reset");
        run(onReset);
    }

    @Override
    public void onEvent(PluginEvent event) {
        events.add(event);
    }

    @Override
    public void end() {
        calls.add(name + ":end");
        run(onEnd);
    }

    @Override
    public Map<String, PluginCommand> commands() {
        return commands;
    }

    long count(String call) {
        synchronized (calls) {
            return calls.stream().filter((name + ":" + call)::equals).count();
        }
    }

    private static void run(Step step) {
        try {
            step.run();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
