package io.orrery.soak;

import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * One client of the soak: picks commands by weight from a seeded random sequence and checks each answer against
 * its kind's statuses and, for the models it owns ({@value #OWNED} names), against the ledger.
 */
final class SoakClient implements Callable<Integer> {

    static final int OWNED = 4;
    private static final com.fasterxml.jackson.databind.ObjectMapper JSON =
            new com.fasterxml.jackson.databind.ObjectMapper();

    private final int id;
    private final SoakHttp http;
    private final ModelLedger ledger;
    private final Tally tally;
    private final SlowSubscriber subscriber;
    private final Set<String> saved;
    private final long endNanos;
    private final Random random;

    SoakClient(
            int id,
            long seed,
            SoakHttp http,
            ModelLedger ledger,
            Tally tally,
            SlowSubscriber subscriber,
            Set<String> saved,
            long endNanos) {
        this.id = id;
        this.http = http;
        this.ledger = ledger;
        this.tally = tally;
        this.subscriber = subscriber;
        this.saved = saved;
        this.endNanos = endNanos;
        this.random = new Random(seed * 31 + id);
    }

    /** Runs commands until the end; how many. */
    @Override
    public Integer call() throws Exception {
        int commands = 0;
        Command[] kinds = Command.values();
        while (System.nanoTime() < endNanos) {
            // First every kind once, the clients starting 7 kinds apart (spread over the 18), so a slow machine
            // that gets through a few commands per client still mixes them all (saves included); then the weighted
            // random mix.
            Command c = commands < kinds.length
                    ? kinds[(id * 7 + commands) % kinds.length]
                    : Command.pick(random.nextDouble());
            long start = System.nanoTime();
            SoakHttp.Answer a = run(c);
            tally.record(c, a, System.nanoTime() - start);
            commands++;
        }
        return commands;
    }

    private SoakHttp.Answer run(Command c) throws Exception {
        return switch (c) {
            case STATUS -> http.get("/api/simulation");
            case MODELS -> http.get("/api/models");
            case STATISTICS -> http.get("/api/statistics");
            case SDF -> http.get("/api/world/sdf");
            case TOPICS -> http.get("/api/topics");
            case PAUSE -> http.post("/api/simulation/pause");
            case RESUME -> http.post("/api/simulation/resume");
            case STEP -> http.post("/api/simulation/step?count=" + (1 + random.nextInt(20)));
            case RUN_TO -> runTo();
            case RESET -> ledger.restart(() -> http.post("/api/simulation/reset"), a -> a.status() == 200);
            case RELOAD -> ledger.restart(() -> http.post("/api/simulation/reload"), a -> a.status() == 200);
            case FACTOR ->
                http.put(
                        "/api/simulation/real-time-factor",
                        "{\"value\": " + new double[] {0, 0, 1, 5}[random.nextInt(4)] + "}");
            case SPAWN -> ledger.modelCommand(this::spawn);
            case REMOVE -> ledger.modelCommand(this::remove);
            case TELEPORT -> ledger.modelCommand(this::teleport);
            case STATIC -> ledger.modelCommand(this::setStatic);
            case PUBLISH ->
                ledger.modelCommand(() -> http.post(
                        "/api/topics/model/rover/cmd_vel",
                        "application/json",
                        String.format(
                                Locale.ROOT,
                                "{\"linear\": {\"x\": %.2f}, \"angular\":" + " {\"z\": %.2f}}",
                                random.nextDouble() - 0.5,
                                random.nextDouble() - 0.5)));
            case SAVE -> save();
            case SUBSCRIBE -> new SoakHttp.Answer(subscriber.subscribe(id, random), "");
        };
    }

    /** Runs to a little after the sim time it reads (another client may move it in between). */
    private SoakHttp.Answer runTo() throws java.io.IOException {
        SoakHttp.Answer s = http.get("/api/simulation");
        double now = s.status() == 200 ? JSON.readTree(s.body()).get("simTime").asDouble() : 0;
        SoakHttp.Answer a = http.post(String.format(
                Locale.ROOT, "/api/simulation/run-to?simTime=%.3f", now + 0.005 + random.nextInt(50) / 1000.0));
        if (a.status() == 400 && !a.body().contains("is not ahead of the current")) {
            tally.unexpected(Command.RUN_TO, "only a target the sim time passed may be 400", a);
        }
        return a;
    }

    private String mine() {
        return "soak_c" + id + "_" + random.nextInt(OWNED);
    }

    private SoakHttp.Answer spawn() {
        String name = mine();
        boolean there = ledger.has(name);
        SoakHttp.Answer a = http.post(
                "/api/models",
                "application/xml",
                String.format(
                        Locale.ROOT,
                        "<model name='%s'><pose>%.1f %.1f 1 0 0 0</pose><link name='l'><inertial><mass>1</mass>"
                                + "</inertial><collision name='c'><geometry><sphere><radius>0.2</radius></sphere></geometry>"
                                + "</collision></link></model>",
                        name,
                        id * 1.5 - 6,
                        4.0 + name.charAt(name.length() - 1) - '0'));
        if (a.status() == 201 && !there) {
            ledger.spawned(name);
        } else if (!(a.status() == 409 && there && a.body().contains("Model exists")) && !a.refusedInState()) {
            tally.disagree(Command.SPAWN, name, a, there);
        }
        return a;
    }

    private SoakHttp.Answer remove() {
        String name = mine();
        boolean there = ledger.has(name);
        SoakHttp.Answer a = http.delete("/api/models/" + name);
        if (a.status() == 204 && there) {
            ledger.removed(name);
        } else if (!(a.status() == 404 && !there) && !a.refusedInState()) {
            tally.disagree(Command.REMOVE, name, a, there);
        }
        return a;
    }

    private SoakHttp.Answer teleport() {
        String name = random.nextInt(3) == 0 ? "box" : mine();
        return checked(
                Command.TELEPORT,
                name,
                http.put(
                        "/api/models/" + name + "/pose",
                        String.format(
                                Locale.ROOT,
                                "{\"x\": %.2f, \"y\": %.2f, \"z\": 1, \"roll\": 0, \"pitch\": 0, \"yaw\": %.2f}",
                                random.nextDouble() * 8 - 4,
                                random.nextDouble() * 8 - 4,
                                random.nextDouble())));
    }

    private SoakHttp.Answer setStatic() {
        String name = mine();
        return checked(
                Command.STATIC,
                name,
                http.put("/api/models/" + name + "/static", "{\"value\": " + random.nextBoolean() + "}"));
    }

    /** A command on a model: 200 when the ledger has it, 404 when not, or refused in the state. */
    private SoakHttp.Answer checked(Command c, String name, SoakHttp.Answer a) {
        boolean there = ledger.has(name);
        if (!((a.status() == 200 && there) || (a.status() == 404 && !there) || a.refusedInState())) {
            tally.disagree(c, name, a, there);
        }
        return a;
    }

    private SoakHttp.Answer save() {
        String path = "soak/client" + id + "-" + random.nextInt(3) + ".sdf";
        SoakHttp.Answer a = http.post("/api/world/save", "application/json", "{\"path\": \"" + path + "\"}");
        if (a.status() == 201) {
            saved.add(path);
        }
        return a;
    }
}
