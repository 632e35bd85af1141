package io.orrery.transport.gz;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What other processes publish and which of them subscribe to what Orrery publishes, keyed by topic (discovery
 * thread only). Bounded: past {@code max} entries in all, new ones are ignored.
 */
final class RemoteTable {

    /**
     * One remote publisher or subscriber.
     *
     * @param topic the topic, in this partition, unqualified
     * @param process the process UUID
     * @param node the node UUID
     * @param address the publisher's ZeroMQ endpoint (empty for a subscriber)
     * @param type the message type name as it gave it
     */
    record Entry(String topic, String process, String node, String address, String type) {}

    private final int max;
    private final Map<String, List<Entry>> publishers = new HashMap<>();
    private final Map<String, List<Entry>> subscribers = new HashMap<>();
    private int size;

    RemoteTable(int max) {
        this.max = max;
    }

    /** Adds a publisher; false when it was known already or the table is full. */
    boolean addPublisher(Entry e) {
        return add(publishers, e);
    }

    /** Adds a subscriber; false when it was known already or the table is full. */
    boolean addSubscriber(Entry e) {
        return add(subscribers, e);
    }

    void removePublisher(String topic, String process, String node) {
        remove(publishers, topic, process, node);
    }

    void removeSubscriber(String topic, String process, String node) {
        remove(subscribers, topic, process, node);
    }

    /** Forgets everything of a process that has gone. */
    void removeProcess(String process) {
        for (Map<String, List<Entry>> m : List.of(publishers, subscribers)) {
            m.values().forEach(l -> size -= l.size());
            m.values().forEach(l -> l.removeIf(e -> e.process().equals(process)));
            m.values().forEach(l -> size += l.size());
            m.values().removeIf(List::isEmpty);
        }
    }

    List<Entry> publishers(String topic) {
        return List.copyOf(publishers.getOrDefault(topic, List.of()));
    }

    List<Entry> subscribers(String topic) {
        return List.copyOf(subscribers.getOrDefault(topic, List.of()));
    }

    /** Every topic some remote process subscribes to. */
    List<String> subscribedTopics() {
        return new ArrayList<>(subscribers.keySet());
    }

    int size() {
        return size;
    }

    private boolean add(Map<String, List<Entry>> m, Entry e) {
        List<Entry> list = m.computeIfAbsent(e.topic(), t -> new ArrayList<>());
        for (Entry old : list) {
            if (old.process().equals(e.process())
                    && old.node().equals(e.node())
                    && Objects.equals(old.type(), e.type())
                    && old.address().equals(e.address())) {
                return false;
            }
        }
        if (size >= max) {
            if (list.isEmpty()) {
                m.remove(e.topic());
            }
            return false;
        }
        list.add(e);
        size++;
        return true;
    }

    private void remove(Map<String, List<Entry>> m, String topic, String process, String node) {
        List<Entry> list = m.get(topic);
        if (list == null) {
            return;
        }
        int before = list.size();
        list.removeIf(e -> e.process().equals(process) && e.node().equals(node));
        size -= before - list.size();
        if (list.isEmpty()) {
            m.remove(topic);
        }
    }
}
