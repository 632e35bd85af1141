package io.orrery.soak;

import java.util.Set;

/**
 * The kinds of command in the soak's mix, each with its weight in the mix and the statuses it may get: 409 for a
 * command the state refuses (another client changed the state first), 404 for a model a client's ledger says is
 * not there, 202 for a run-to still running when its wait ran out, 400 for a run-to whose target another client's
 * steps passed after it read the sim time (the client checks that this is the reason); a subscribe's 0 means its
 * client's last subscriber still reads (no request).
 */
enum Command {
    STATUS(8, 200),
    MODELS(6, 200),
    STATISTICS(4, 200),
    SDF(3, 200),
    TOPICS(3, 200),
    PAUSE(6, 200, 409),
    RESUME(6, 200, 409),
    STEP(7, 200, 409),
    RUN_TO(4, 200, 202, 400, 409),
    RESET(1, 200, 409),
    RELOAD(0.4, 200, 409),
    FACTOR(3, 200, 409),
    SPAWN(8, 201, 409),
    REMOVE(6, 204, 404, 409),
    TELEPORT(7, 200, 404, 409),
    STATIC(4, 200, 404, 409),
    PUBLISH(8, 202, 409),
    SAVE(3, 201, 409),
    SUBSCRIBE(3, 200, 0);

    final double weight;
    final Set<Integer> allowed;

    Command(double weight, Integer... allowed) {
        this.weight = weight;
        this.allowed = Set.of(allowed);
    }

    private static final double TOTAL =
            java.util.Arrays.stream(values()).mapToDouble(c -> c.weight).sum();

    /** The command that {@code uniform} (0 to 1) falls on, by weight. */
    static Command pick(double uniform) {
        double x = uniform * TOTAL;
        for (Command c : values()) {
            x -= c.weight;
            if (x < 0) {
                return c;
            }
        }
        return STATUS;
    }
}
