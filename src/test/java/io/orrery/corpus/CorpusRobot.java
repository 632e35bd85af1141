package io.orrery.corpus;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A robot of the corpus (src/test/resources/worlds/corpus/README.md): the world it stands in and what the rest test
 * holds it to.
 *
 * @param name the robot's name in the test's and the table's rows
 * @param world the world file
 * @param settle seconds the robot is given to come to rest: the window the bounds apply to starts then and lasts 1 s
 * @param bodies the links that must be at rest in the window, as {@code model::link}
 * @param held joints under position control and their targets, as {@code model::joint}
 * @param free joints nothing commands, as {@code model::joint}: below 1 rad/s in the window
 * @param imus the IMUs that must read gravity in the window
 * @param anchor the same robot's MJCF for MuJoCo's {@code mujoco-testspeed}, or null when it has none
 */
public record CorpusRobot(
        String name,
        Path world,
        double settle,
        List<String> bodies,
        Map<String, Double> held,
        List<String> free,
        List<Imu> imus,
        Path anchor) {

    /** The corpus's worlds. */
    static final Path WORLDS = Path.of("src/test/resources/worlds");
    /** The corpus's models, found through the model path as {@code model://name}. */
    static final Path MODELS = Path.of("src/test/resources/models");

    /**
     * An IMU on a link.
     *
     * @param topic where it publishes
     * @param model the model that carries it
     * @param link the link it is mounted on
     * @param sensor the sensor's name on that link
     * @param noise the standard deviation of its linear acceleration noise, m/s² (0 without noise)
     */
    public record Imu(String topic, String model, String link, String sensor, double noise) {}

    /** The robot's name: what a parameterized test's display shows. */
    @Override
    public String toString() {
        return name;
    }

    /** Scoped names of {@code model}'s links or joints. */
    static List<String> of(String model, String... names) {
        return java.util.Arrays.stream(names).map(n -> model + "::" + n).toList();
    }
}
