package io.orrery.runner.port;

import com.google.protobuf.Message;
import io.orrery.world.Pose;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A command from outside the loop that the runner applied, as a recording keeps it to run the world again.
 *
 * @param name the command's name ({@code publish}, {@code reset}, {@code spawn} ...)
 * @param data what a replay needs to apply it again; {@link None} for a command that changes nothing it steps
 *     through
 */
public record AppliedCommand(String name, Data data) {

    public AppliedCommand {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(data, "data");
    }

    /** What a command carried, typed by kind. */
    public sealed interface Data permits None, Publish, Spawn, Remove, Teleport, SetStatic, Lockstep, Reset {}

    /** Nothing kept. */
    public record None() implements Data {}

    /** A message published on {@code topic} from outside the loop. */
    public record Publish(String topic, Message message) implements Data {
        public Publish {
            Objects.requireNonNull(topic, "topic");
            Objects.requireNonNull(message, "message");
        }
    }

    /**
     * A model spawned, as the spawn request gave it: its SDF (a file's text read, a {@code model://} include as
     * written), what the request was called, the name it got and the pose it was placed at when the request set one.
     */
    public record Spawn(String sdf, String origin, String name, Optional<Pose> pose) implements Data {
        public Spawn {
            Objects.requireNonNull(sdf, "sdf");
            Objects.requireNonNull(origin, "origin");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(pose, "pose");
        }
    }

    public record Remove(String model) implements Data {}

    public record Teleport(String model, Pose pose) implements Data {}

    public record SetStatic(String model, boolean isStatic) implements Data {}

    /**
     * A controller's lockstep step: the messages it published before its first step, in order, and the steps it took
     * (fewer than asked when a stop ended the batch).
     */
    public record Lockstep(Map<String, Message> publish, long steps) implements Data {
        public Lockstep {
            publish = Collections.unmodifiableMap(new LinkedHashMap<>(publish));
        }
    }

    /** A reset, with the seed a controller's reset gave its sensor noise. */
    public record Reset(OptionalLong seed) implements Data {}

    /** A command without data. */
    public static AppliedCommand named(String name) {
        return new AppliedCommand(name, new None());
    }

    /** A message published on {@code topic} from outside the loop. */
    public static AppliedCommand publish(String topic, Message message) {
        return new AppliedCommand("publish", new Publish(topic, message));
    }
}
