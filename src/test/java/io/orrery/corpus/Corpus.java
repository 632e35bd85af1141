package io.orrery.corpus;

import io.orrery.corpus.CorpusRobot.Imu;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The robot corpus (src/test/resources/worlds/corpus/README.md): one of each kind of robot, made by others. */
public final class Corpus {

    private Corpus() {}

    /** Every robot of the corpus, in the table's order. */
    public static List<CorpusRobot> robots() {
        return List.of(
                turtlebot(),
                tracked(),
                go1Standing(),
                go1Folding(),
                panda(),
                quadcopter(),
                freeFloating(),
                boxStacks());
    }

    /** The robot of that name. */
    public static CorpusRobot named(String name) {
        return robots().stream()
                .filter(r -> r.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no corpus robot " + name));
    }

    /** Wheeled: TurtleBot3 Burger, its wheels held at 0 rad/s by its own DiffDrive, its caster on a ball joint. */
    static CorpusRobot turtlebot() {
        return new CorpusRobot(
                "turtlebot3_burger",
                CorpusRobot.WORLDS.resolve("turtlebot3_burger.sdf"),
                2,
                CorpusRobot.of("turtlebot3_burger", "base_footprint"),
                Map.of(),
                List.of(),
                List.of(new Imu("/imu", "turtlebot3_burger", "imu_link", "tb3_imu", 1.7e-2)),
                null);
    }

    /** Tracked: gz-sim's simple tracked vehicle, its four flippers on revolute joints nothing drives. */
    static CorpusRobot tracked() {
        return new CorpusRobot(
                "tracked_vehicle",
                CorpusRobot.WORLDS.resolve("corpus/tracked_vehicle_simple.sdf"),
                2,
                CorpusRobot.of("simple_tracked", "base_link"),
                Map.of(),
                CorpusRobot.of(
                        "simple_tracked",
                        "front_left_flipper_j",
                        "rear_left_flipper_j",
                        "front_right_flipper_j",
                        "rear_right_flipper_j"),
                List.of(),
                null);
    }

    private static final String[] LEGS = {"FR", "FL", "RR", "RL"};

    /** Legged, standing: the Go1 held in Menagerie's stance by a JointPositionController per joint. */
    static CorpusRobot go1Standing() {
        Map<String, Double> held = new LinkedHashMap<>();
        for (String leg : LEGS) {
            held.put("go1::" + leg + "_hip_joint", 0.0);
            held.put("go1::" + leg + "_thigh_joint", 0.9);
            held.put("go1::" + leg + "_calf_joint", -1.8);
        }
        return new CorpusRobot(
                "go1_standing",
                CorpusRobot.WORLDS.resolve("corpus/go1_standing.sdf"),
                2,
                CorpusRobot.of("go1", "trunk"),
                held,
                List.of(),
                List.of(go1Imu()),
                CorpusRobot.MODELS.resolve("go1/go1_mjcf.xml"));
    }

    /** Legged, folding: the Go1 unpowered, folded onto its joint limits under its own weight. */
    static CorpusRobot go1Folding() {
        String[] joints = new String[12];
        for (int i = 0; i < 4; i++) {
            joints[3 * i] = LEGS[i] + "_hip_joint";
            joints[3 * i + 1] = LEGS[i] + "_thigh_joint";
            joints[3 * i + 2] = LEGS[i] + "_calf_joint";
        }
        return new CorpusRobot(
                "go1_folding",
                CorpusRobot.WORLDS.resolve("corpus/go1_folding.sdf"),
                2,
                CorpusRobot.of("go1", "trunk"),
                Map.of(),
                CorpusRobot.of("go1", joints),
                List.of(go1Imu()),
                CorpusRobot.MODELS.resolve("go1/go1_mjcf.xml"));
    }

    private static Imu go1Imu() {
        return new Imu("/go1/imu", "go1", "trunk", "imu_sensor", 0);
    }

    /**
     * An arm fixed to the world: the Panda under its JointPositionControllers, which take 2.4 s from its zero pose to
     * their targets at 1 rad/s: it is given 3 s.
     */
    static CorpusRobot panda() {
        Map<String, Double> held = new LinkedHashMap<>();
        held.put("panda::panda_joint1", 0.0);
        held.put("panda::panda_joint2", -Math.PI / 4);
        held.put("panda::panda_joint3", 0.0);
        held.put("panda::panda_joint4", -3 * Math.PI / 4);
        held.put("panda::panda_joint5", 0.0);
        held.put("panda::panda_joint6", Math.PI / 2);
        held.put("panda::panda_joint7", Math.PI / 4);
        held.put("panda::panda_finger_joint1", 0.0);
        held.put("panda::panda_finger_joint2", 0.0);
        return new CorpusRobot(
                "panda",
                CorpusRobot.WORLDS.resolve("panda.sdf"),
                3,
                CorpusRobot.of("panda", "panda_link0", "panda_link7"),
                held,
                List.of(),
                List.of(),
                CorpusRobot.MODELS.resolve("panda/panda_mjcf.xml"));
    }

    /** A multicopter with light rotors: gz-sim's X3, its four rotors held still by their motor models (no command). */
    static CorpusRobot quadcopter() {
        return new CorpusRobot(
                "quadcopter",
                CorpusRobot.WORLDS.resolve("corpus/quadcopter.sdf"),
                2,
                CorpusRobot.of("X3", "base_link"),
                Map.of(),
                CorpusRobot.of("X3", "rotor_0_joint", "rotor_1_joint", "rotor_2_joint", "rotor_3_joint"),
                List.of(),
                null);
    }

    /** Free-floating bodies in zero gravity, one of them two links on a free hinge. */
    static CorpusRobot freeFloating() {
        return new CorpusRobot(
                "free_floating",
                CorpusRobot.WORLDS.resolve("corpus/free_floating.sdf"),
                2,
                List.of("box::link", "cylinder::link", "satellite::bus", "satellite::panel"),
                Map.of(),
                List.of("satellite::hinge"),
                List.of(new Imu(
                        "/world/free_floating/model/satellite/link/bus/sensor/imu_sensor/imu",
                        "satellite",
                        "bus",
                        "imu_sensor",
                        0)),
                null);
    }

    /** A column of ten boxes and a pyramid of six, an IMU on the column's top. */
    static CorpusRobot boxStacks() {
        List<String> boxes = new java.util.ArrayList<>();
        for (int i = 0; i < 10; i++) {
            boxes.add("column_" + i + "::link");
        }
        for (int i = 0; i < 6; i++) {
            boxes.add("pyramid_" + i + "::link");
        }
        return new CorpusRobot(
                "box_stacks",
                CorpusRobot.WORLDS.resolve("corpus/box_stacks.sdf"),
                2,
                boxes,
                Map.of(),
                List.of(),
                List.of(new Imu(
                        "/world/box_stacks/model/column_9/link/link/sensor/imu_sensor/imu",
                        "column_9",
                        "link",
                        "imu_sensor",
                        0)),
                null);
    }
}
