package io.orrery.system.environmentalsensor;

import com.google.protobuf.Message;
import com.gz.msgs.DoubleProtos;
import com.gz.msgs.Vector3dProtos.Vector3d;
import io.orrery.noise.Noise;
import io.orrery.noise.Seeds;
import io.orrery.system.gazebo.EnvironmentalData;
import io.orrery.topic.Publisher;
import io.orrery.topic.msgs.Messages;
import io.orrery.world.Pose;
import io.orrery.world.SensorSpec;
import io.orrery.world.Vec3;
import io.orrery.world.Wgs84;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One environmental sensor, as gz-sim's EnvironmentalSensor: at its {@code <update_rate>} it looks up its fields in
 * the environmental data at its world position (turned into the data's coordinates) and the sim time, and publishes
 * a {@code gz.msgs.Double} ({@code <output_format>} {@code scalar}, the default) or {@code gz.msgs.Vector3d}
 * ({@code vector3}, turned by {@code <transform_type>}). Outside the data it publishes nothing, as Gazebo warns and
 * skips. {@code <noise>} (absent in Gazebo) is applied to each value, seeded per sensor and field. Runner thread.
 */
final class EnvironmentalSensor {

    /** The prefix of the sensors' {@code gz:type}. */
    static final String TYPE_PREFIX = "environmental_sensor/";
    /** The sensor kind ({@code SensorSpec.kind()}), as {@code device.environmental} declares it simulated. */
    static final String KIND = "custom/environmental_sensor";

    /** gz-sim's transform types of a vector reading. */
    enum Transform {
        ADD_VELOCITY_LOCAL,
        ADD_VELOCITY_GLOBAL,
        LOCAL,
        GLOBAL
    }

    final String model;
    final String link;
    final SensorSpec spec;
    final String scopedName;
    final String topic;
    private final String[] fields;
    private final Transform transform;
    private final Noise[] noises;
    private final String[] streams;
    private final long periodNanos;
    private Publisher<? extends Message> publisher;
    private long nextSampleNanos;

    EnvironmentalSensor(String world, String model, String link, SensorSpec spec) {
        this.model = model;
        this.link = link;
        this.spec = spec;
        this.scopedName = model + "::" + link + "::" + spec.name();
        String where = "environmental sensor '" + scopedName + "'";
        String type = spec.customType().orElse("");
        String format = text("output_format").orElse("scalar");
        int count = switch (format) {
            case "scalar" -> 1;
            case "vector3" -> 3;
            default ->
                throw new IllegalArgumentException(
                        where + ": <output_format> must be scalar or vector3, got '" + format + "'");
        };
        fields = new String[count];
        if (count == 1) {
            fields[0] = text("environment_variable").orElse(type.substring(TYPE_PREFIX.length()));
        } else {
            // a field left out reads as zero, as in Gazebo
            fields[0] = text("environment_variable_x").orElse("");
            fields[1] = text("environment_variable_y").orElse("");
            fields[2] = text("environment_variable_z").orElse("");
        }
        String transformName = text("transform_type").orElse("GLOBAL");
        try {
            transform = Transform.valueOf(transformName);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": <transform_type> must be ADD_VELOCITY_LOCAL, "
                    + "ADD_VELOCITY_GLOBAL, LOCAL or GLOBAL, got '" + transformName + "'");
        }
        noises = new Noise[count];
        streams = new String[count];
        for (int i = 0; i < count; i++) {
            streams[i] = scopedName + "/" + (fields[i].isEmpty() ? "xyz".charAt(i) : fields[i]);
            noises[i] = Noise.under(Optional.of(spec.element()), 0, where);
        }
        String named = spec.topic().orElseGet(() -> defaultTopic(world) + "/" + type);
        this.topic = named.startsWith("/") ? named : "/" + named;
        double rate = spec.updateRate();
        this.periodNanos = rate > 0 ? Math.max(1, Math.round(1e9 / rate)) : 0;
    }

    boolean vector() {
        return fields.length == 3;
    }

    void publisher(Publisher<? extends Message> p) {
        this.publisher = p;
    }

    /** The fields it reads that the data lacks (empty names read as zero). */
    java.util.List<String> missing(EnvironmentalData data) {
        return java.util.Arrays.stream(fields)
                .filter(f -> !f.isEmpty() && !data.has(f))
                .toList();
    }

    /** A new episode: the sample clock and the noise streams start over from {@code seed}. */
    void reset(long seed) {
        nextSampleNanos = 0;
        for (int i = 0; i < noises.length; i++) {
            noises[i].reseed(Seeds.of(seed, streams[i]));
        }
    }

    /** After a step: samples when due. {@code pose} and {@code velocity} are the sensor's in the world. */
    @SuppressWarnings("unchecked")
    void step(long simNanos, Pose pose, Vec3 velocity, EnvironmentalData data, Wgs84 earth) {
        if (periodNanos > 0 && simNanos < nextSampleNanos) {
            return;
        }
        if (periodNanos > 0) {
            nextSampleNanos += periodNanos;
            while (nextSampleNanos <= simNanos) {
                nextSampleNanos += periodNanos;
            }
        }
        double time = simNanos * 1e-9;
        double[] at = data.coordinates(pose.position(), earth);
        double[] values = new double[fields.length];
        for (int i = 0; i < fields.length; i++) {
            if (fields[i].isEmpty()) {
                continue;
            }
            OptionalDouble v = data.lookUp(fields[i], time, at[0], at[1], at[2]);
            if (v.isEmpty()) {
                return; // outside the data: Gazebo warns and publishes nothing
            }
            values[i] = noises[i].apply(v.getAsDouble());
        }
        var header = Messages.header(simNanos, text("frame_id").orElse(scopedName), null);
        if (fields.length == 1) {
            ((Publisher<DoubleProtos.Double>) publisher)
                    .publish(DoubleProtos.Double.newBuilder()
                            .setHeader(header)
                            .setData(values[0])
                            .build());
            return;
        }
        Vec3 reading = new Vec3(values[0], values[1], values[2]);
        if (transform == Transform.ADD_VELOCITY_LOCAL || transform == Transform.ADD_VELOCITY_GLOBAL) {
            reading = reading.minus(velocity);
        }
        if (transform == Transform.ADD_VELOCITY_LOCAL || transform == Transform.LOCAL) {
            reading = pose.rotation().conjugate().rotate(reading);
        }
        ((Publisher<Vector3d>) publisher)
                .publish(Vector3d.newBuilder()
                        .setHeader(header)
                        .setX(reading.x())
                        .setY(reading.y())
                        .setZ(reading.z())
                        .build());
    }

    private Optional<String> text(String name) {
        return spec.child(name).map(e -> e.text().strip()).filter(t -> !t.isEmpty());
    }

    /** Gazebo's sensor topic base: {@code /world/<w>/model/<m>[/model/<nested>...]/link/<l>/sensor/<s>}. */
    private String defaultTopic(String world) {
        StringBuilder b =
                new StringBuilder("/world/").append(world).append("/model/").append(model);
        String[] parts = link.split("::");
        for (int i = 0; i < parts.length - 1; i++) {
            b.append("/model/").append(parts[i]);
        }
        return b.append("/link/")
                .append(parts[parts.length - 1])
                .append("/sensor/")
                .append(spec.name())
                .toString();
    }
}
