package io.orrery.system.comms;

/** The complementary error function, which the radio and acoustic bit-error rates need and {@code Math} lacks. */
public final class ErrorFunction {

    private ErrorFunction() {}

    /**
     * erfc({@code x}) with a relative error below 1.2e-7 everywhere (the Chebyshev fit of Press et al., Numerical
     * Recipes 6.2), so the far tail that a strong signal's bit-error rate lives in keeps its digits. NaN gives NaN.
     */
    public static double erfc(double x) {
        double z = Math.abs(x);
        double t = 1 / (1 + 0.5 * z);
        double poly = -z * z
                - 1.26551223
                + t
                        * (1.00002368
                                + t
                                        * (0.37409196
                                                + t
                                                        * (0.09678418
                                                                + t
                                                                        * (-0.18628806
                                                                                + t
                                                                                        * (0.27886807
                                                                                                + t
                                                                                                        * (-1.13520398
                                                                                                                + t
                                                                                                                        * (1.48851587
                                                                                                                                + t
                                                                                                                                        * (-0.82215223
                                                                                                                                                + t
                                                                                                                                                        * 0.17087277))))))));
        double r = t * Math.exp(poly);
        return x >= 0 ? r : 2 - r;
    }
}
