package io.orrery.soak;

import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * What the soak's clients know the model list to be: the loaded world's models, and the names each client spawned
 * and has not removed since the last reset or reload. A client spawns, removes, teleports and switches only names
 * it owns, so its own answers tell it whether they are there; a reset or reload takes every spawned model away and
 * brings back the world's, so it runs under the write side of a lock whose read side every model command holds:
 * no model command is in flight while the world restarts, which is what makes the ledger exact (the order of a
 * spawn and a reset that overlap is the runner's to choose and no client could know it). Everything else (steps,
 * pauses, saves, reads, topic messages) races the restarts freely.
 */
final class ModelLedger {

    private final Set<String> worldModels;
    private final Set<String> spawned = ConcurrentHashMap.newKeySet();
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock(true);

    ModelLedger(Set<String> worldModels) {
        this.worldModels = Set.copyOf(worldModels);
    }

    /** Runs a command on the models: many at once, never during a restart. */
    <T> T modelCommand(Callable<T> command) throws Exception {
        return under(lock.readLock(), command);
    }

    /** Runs a reset or reload alone; {@code restarted} says whether the answer means it happened. */
    <T> T restart(Callable<T> command, java.util.function.Predicate<T> restarted) throws Exception {
        Lock write = lock.writeLock();
        write.lock();
        try {
            T answer = command.call();
            if (restarted.test(answer)) {
                spawned.clear();
            }
            return answer;
        } finally {
            write.unlock();
        }
    }

    boolean has(String name) {
        return spawned.contains(name) || worldModels.contains(name);
    }

    void spawned(String name) {
        spawned.add(name);
    }

    void removed(String name) {
        spawned.remove(name);
    }

    /** The model list the server must hold when no command is in flight. */
    Set<String> expected() {
        Set<String> all = new TreeSet<>(worldModels);
        all.addAll(spawned);
        return all;
    }

    private static <T> T under(Lock l, Callable<T> command) throws Exception {
        l.lock();
        try {
            return command.call();
        } finally {
            l.unlock();
        }
    }
}
