package io.orrery.system.comms;

import com.gz.msgs.DataframeProtos.Dataframe;
import com.gz.msgs.TimeProtos;
import io.orrery.world.Vec3;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * gz-sim's broker and message manager: the registry of bound addresses (each bound to one model, delivered on one or
 * more topics), each address's outbound queue, and the step that routes every queued message through a
 * {@link DeliveryModel} and publishes what arrives. Messages from or to an address whose model is not in the world
 * are dropped, as Gazebo's models drop them. Plain Java; runner thread only.
 */
public final class CommsBroker {

    /** Messages one address may have queued (sent, or in transit); more are refused. */
    public static final int MAX_QUEUED = 1024;

    /** Payload bytes one message may carry; a larger one is refused. */
    public static final int MAX_PAYLOAD_BYTES = 1 << 20;

    /** Why a message was not queued. */
    public enum Refusal {
        /** Queued. */
        NONE,
        /** Its {@code src_address} is bound to no model. */
        UNBOUND_SOURCE,
        /** Its source already has {@link #MAX_QUEUED} messages queued. */
        QUEUE_FULL,
        /** Its payload is over {@link #MAX_PAYLOAD_BYTES}. */
        TOO_LARGE
    }

    private static final class Address {
        String model = "";
        String worldModel = "";
        final Set<String> topics = new LinkedHashSet<>();
        List<Frame> outbound = new ArrayList<>();
        final List<Dataframe> inbound = new ArrayList<>();
    }

    private final DeliveryModel model;
    /** By address, in the order they first bound: the order messages are routed in. */
    private final Map<String, Address> registry = new LinkedHashMap<>();

    private long timeNanos;

    /** A broker whose messages travel by {@code model}. */
    public CommsBroker(DeliveryModel model) {
        this.model = model;
    }

    /**
     * Binds {@code address} to {@code modelName} (at {@code worldModel} in the world), delivering on {@code topic}
     * (gz-sim's {@code AddSubscriber}). False, changing nothing, when the address is bound to another model.
     */
    public boolean bind(String address, String modelName, String worldModel, String topic) {
        Address a = registry.get(address);
        if (a != null && !a.model.isEmpty() && !a.model.equals(modelName)) {
            return false;
        }
        a = registry.computeIfAbsent(address, k -> new Address());
        a.model = modelName;
        a.worldModel = worldModel;
        a.topics.add(topic);
        return true;
    }

    /**
     * Stops delivering {@code address}'s messages on {@code topic} (gz-sim's {@code RemoveSubscriber}); with no topic
     * left the address is free for another model. False when the address was never bound.
     */
    public boolean unbind(String address, String topic) {
        Address a = registry.get(address);
        if (a == null) {
            return false;
        }
        boolean removed = a.topics.remove(topic);
        if (a.topics.isEmpty()) {
            a.model = "";
            a.worldModel = "";
        }
        return removed;
    }

    /** The model {@code address} is bound to, if any. */
    public Optional<String> boundModel(String address) {
        Address a = registry.get(address);
        return a == null || a.model.isEmpty() ? Optional.empty() : Optional.of(a.model);
    }

    /**
     * Queues {@code message} in its source's outbound queue, its header stamped with the broker's sim time (gz-sim's
     * {@code OnMsg}); what it was refused for otherwise.
     */
    public Refusal offer(Dataframe message) {
        if (message.getData().size() > MAX_PAYLOAD_BYTES) {
            return Refusal.TOO_LARGE;
        }
        Address src = registry.get(message.getSrcAddress());
        if (src == null || src.model.isEmpty()) {
            return Refusal.UNBOUND_SOURCE;
        }
        if (src.outbound.size() >= MAX_QUEUED) {
            return Refusal.QUEUE_FULL;
        }
        Dataframe.Builder stamped = message.toBuilder();
        stamped.getHeaderBuilder()
                .setStamp(TimeProtos.Time.newBuilder()
                        .setSec(timeNanos / 1_000_000_000L)
                        .setNsec((int) (timeNanos % 1_000_000_000L)));
        src.outbound.add(new Frame(stamped.build(), timeNanos));
        return Refusal.NONE;
    }

    /**
     * One step at sim time {@code nowNanos}: routes every queued message whose source and destination are bound to
     * models in the world ({@code positions} gives a world model's position, empty when it is not there), then
     * publishes what arrived on each of its destination's topics through {@code publish}, in order.
     */
    public void step(long nowNanos, Function<String, Optional<Vec3>> positions, BiConsumer<String, Dataframe> publish) {
        timeNanos = nowNanos;
        Map<String, Station> stations = new HashMap<>();
        registry.forEach((address, a) -> {
            if (!a.model.isEmpty()) {
                positions.apply(a.worldModel).ifPresent(p -> stations.put(address, new Station(address, a.model, p)));
            }
        });
        for (Map.Entry<String, Address> e : registry.entrySet()) {
            Address a = e.getValue();
            if (a.outbound.isEmpty()) {
                continue;
            }
            Station from = stations.get(e.getKey());
            List<Frame> held = new ArrayList<>();
            if (from != null) {
                for (Frame f : a.outbound) {
                    String dst = f.message().getDstAddress();
                    Station to = stations.get(dst);
                    if (to == null) {
                        continue; // no model there to receive it: lost, as in Gazebo
                    }
                    Route r = model.route(f, from, to, nowNanos);
                    if (r.held()) {
                        held.add(f);
                    } else if (r.delivered() != null) {
                        registry.get(dst).inbound.add(r.delivered());
                    }
                }
            }
            a.outbound = held;
        }
        for (Address a : registry.values()) {
            for (Dataframe m : a.inbound) {
                for (String topic : a.topics) {
                    publish.accept(topic, m);
                }
            }
            a.inbound.clear();
        }
    }

    /** How its messages travel. */
    DeliveryModel model() {
        return model;
    }

    /** Messages queued now, over all addresses (sent, or in transit). */
    public int queued() {
        return registry.values().stream().mapToInt(a -> a.outbound.size()).sum();
    }

    /** Drops every binding and message, and the model's memory of past ones (a world reset). */
    public void clear() {
        registry.clear();
        timeNanos = 0;
        model.reset();
    }
}
