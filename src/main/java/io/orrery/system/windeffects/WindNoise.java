package io.orrery.system.windeffects;

import io.orrery.world.SdfElement;
import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.Function;

/**
 * A {@code <noise>} of WindEffects' as gz-sensors applies it: Gaussian (mean, standard deviation, a bias drawn once per
 * episode with a random sign), optionally rounded to a precision. Its stream starts from the seed the runner gives, so
 * an episode's wind repeats. Mutable; the runner's thread.
 */
final class WindNoise {

    private static final WindNoise NONE = new WindNoise(false, 0, 0, 0, 0, 0);

    private final boolean on;
    private final double mean;
    private final double stddev;
    private final double biasMean;
    private final double biasStddev;
    private final double precision;
    private long seed;
    private SplittableRandom random;
    private double bias;

    private WindNoise(boolean on, double mean, double stddev, double biasMean, double biasStddev, double precision) {
        this.on = on;
        this.mean = mean;
        this.stddev = stddev;
        this.biasMean = biasMean;
        this.biasStddev = biasStddev;
        this.precision = precision;
        restart();
    }

    /** The {@code <noise>} under {@code parent}: none when absent or of type {@code none}. */
    static WindNoise under(Optional<SdfElement> parent, Function<String, IllegalArgumentException> bad) {
        Optional<SdfElement> noise = parent.flatMap(p -> p.child("noise"));
        if (noise.isEmpty()) {
            return NONE;
        }
        SdfElement n = noise.get();
        String type = n.attributes()
                .getOrDefault("type", n.child("type").map(SdfElement::text).orElse("none"))
                .strip()
                .toLowerCase(Locale.ROOT);
        return switch (type) {
            case "none", "" -> NONE;
            case "gaussian", "gaussian_quantized" ->
                new WindNoise(
                        true,
                        number(n, "mean", bad),
                        number(n, "stddev", bad),
                        number(n, "bias_mean", bad),
                        number(n, "bias_stddev", bad),
                        type.equals("gaussian_quantized") ? number(n, "precision", bad) : 0);
            default -> throw bad.apply("<noise type=\"" + type + "\"> must be none, gaussian or gaussian_quantized");
        };
    }

    private static double number(SdfElement noise, String name, Function<String, IllegalArgumentException> bad) {
        String text = noise.child(name).map(SdfElement::text).map(String::strip).orElse("");
        if (text.isEmpty()) {
            return 0;
        }
        try {
            double v = Double.parseDouble(text);
            if (Double.isFinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw bad.apply("<noise><" + name + "> must be a finite number, got '" + text + "'");
    }

    double apply(double value) {
        if (!on) {
            return value;
        }
        double out = value + bias + mean + stddev * random.nextGaussian();
        return precision > 0 ? Math.round(out / precision) * precision : out;
    }

    /** A new stream from {@code newSeed}, its bias drawn again. */
    void seed(long newSeed) {
        if (on) {
            seed = newSeed;
            restart();
        }
    }

    /** The episode's first sample again. */
    void restart() {
        if (!on) {
            return;
        }
        random = new SplittableRandom(seed);
        double b = biasMean + biasStddev * random.nextGaussian();
        bias = random.nextBoolean() ? b : -b;
    }
}
