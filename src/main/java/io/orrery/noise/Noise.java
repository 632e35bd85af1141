package io.orrery.noise;

import io.orrery.world.SdfElement;
import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * One channel's {@code <noise>}, as gz-sensors' Gaussian noise model: a bias drawn once per episode from
 * N({@code bias_mean}, {@code bias_stddev}) with a random sign, plus N({@code mean}, {@code stddev}) per sample;
 * {@code gaussian_quantized} then rounds to {@code precision}. Its generator is seeded per stream (see
 * {@link Seeds}) and reseeded on reset, so an episode after a reset repeats the first.
 */
public final class Noise {

    /** No noise: the value passes through. */
    public static final Noise NONE = new Noise(Type.NONE, 0, 0, 0, 0, 0, 0);

    enum Type {
        NONE,
        GAUSSIAN,
        GAUSSIAN_QUANTIZED
    }

    private final Type type;
    private final double mean;
    private final double stddev;
    private final double biasMean;
    private final double biasStddev;
    private final double precision;
    private long seed;
    private SplittableRandom random;
    private double bias;

    Noise(Type type, double mean, double stddev, double biasMean, double biasStddev, double precision, long seed) {
        this.type = type;
        this.mean = mean;
        this.stddev = stddev;
        this.biasMean = biasMean;
        this.biasStddev = biasStddev;
        this.precision = precision;
        this.seed = seed;
        reseed();
    }

    /**
     * The noise of a {@code <noise>} element, none when absent or of type {@code none}.
     *
     * @param where the sensor's scoped name and channel, for messages
     * @throws IllegalArgumentException for an unknown type or a value that is not a number
     */
    public static Noise of(Optional<SdfElement> noise, long seed, String where) {
        if (noise.isEmpty()) {
            return NONE;
        }
        SdfElement n = noise.get();
        String typeName = n.attributes()
                .getOrDefault("type", n.child("type").map(SdfElement::text).orElse("none"))
                .strip()
                .toLowerCase(Locale.ROOT);
        Type type = switch (typeName) {
            case "none", "" -> Type.NONE;
            case "gaussian" -> Type.GAUSSIAN;
            case "gaussian_quantized" -> Type.GAUSSIAN_QUANTIZED;
            default ->
                throw new IllegalArgumentException(where + ": <noise type=\"" + typeName
                        + "\"> is not supported: expected none, gaussian or gaussian_quantized");
        };
        if (type == Type.NONE) {
            return NONE;
        }
        return new Noise(
                type,
                number(n, "mean", where),
                number(n, "stddev", where),
                number(n, "bias_mean", where),
                number(n, "bias_stddev", where),
                number(n, "precision", where),
                seed);
    }

    /** The noise under {@code <parent><noise>}, the common SDF nesting ({@code <x><noise>}, {@code <range><noise>}). */
    public static Noise under(Optional<SdfElement> parent, long seed, String where) {
        return of(parent.flatMap(p -> p.child("noise")), seed, where);
    }

    /** Back to the first sample of an episode from a new {@code seed}: {@link #reseed()} uses it from now on. */
    public void reseed(long newSeed) {
        seed = newSeed;
        reseed();
    }

    /** Back to the first sample of an episode: the generator restarts from its seed and the bias is drawn again. */
    public void reseed() {
        if (type == Type.NONE) {
            return;
        }
        random = new SplittableRandom(seed);
        double b = biasMean + biasStddev * random.nextGaussian();
        bias = random.nextBoolean() ? b : -b;
    }

    /**
     * A copy with its own generator, seeded from this noise's seed and {@code key} (a frame's sim time, say), its bias
     * drawn anew: the noise of one frame of many, the same whichever other frames were drawn or skipped.
     */
    public Noise fork(long key) {
        if (type == Type.NONE) {
            return NONE;
        }
        return new Noise(type, mean, stddev, biasMean, biasStddev, precision, Seeds.of(seed, Long.toString(key)));
    }

    /** {@code value} with noise added. */
    public double apply(double value) {
        if (type == Type.NONE) {
            return value;
        }
        double out = value + bias + mean + stddev * random.nextGaussian();
        if (type == Type.GAUSSIAN_QUANTIZED && precision > 0) {
            out = Math.round(out / precision) * precision;
        }
        return out;
    }

    /** The standard deviation of the noise, 0 for none. */
    public double stddev() {
        return type == Type.NONE ? 0 : stddev;
    }

    /** True unless this is {@link #NONE}. */
    public boolean isOn() {
        return type != Type.NONE;
    }

    private static double number(SdfElement noise, String name, String where) {
        Optional<SdfElement> e = noise.child(name);
        if (e.isEmpty() || e.get().text().isBlank()) {
            return 0;
        }
        try {
            double v = Double.parseDouble(e.get().text().strip());
            if (!Double.isFinite(v)) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException ex) {
            throw new IllegalArgumentException(where + ": <noise><" + name + "> must be a number, got '"
                    + e.get().text() + "'");
        }
    }
}
