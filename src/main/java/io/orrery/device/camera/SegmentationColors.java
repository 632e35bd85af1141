package io.orrery.device.camera;

import io.orrery.render.SegmentationType;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;

/**
 * gz-rendering's coloured segmentation map, made from the label map on the CPU: each label (semantic) or each label
 * and instance (panoptic, the id {@code label × 65536 + instance}) gets the colour that C++'s
 * {@code std::default_random_engine} seeded with that id draws, three times, from
 * {@code std::uniform_int_distribution<int>(0, 255)} as GCC's library implements them (MINSTD's 16807 multiplier
 * modulo 2³¹ − 1, then rejection of the top remainder and division), so a pixel has the colour Gazebo gives it. The
 * background (label 0) is black.
 */
final class SegmentationColors {

    private static final long MODULUS = 2_147_483_647L;
    private static final long MULTIPLIER = 16_807L;
    /** The engine's outputs run from 1 to 2³¹ − 2: this many values above its least. */
    private static final long ENGINE_RANGE = MODULUS - 3;
    /** 256 values wanted: the engine's range falls into this many equal parts per value, the rest is drawn again. */
    private static final long SCALING = ENGINE_RANGE / 256;

    private static final long PAST = 256 * SCALING;

    private final SegmentationType type;
    private final int[] semantic = new int[256];
    private final Map<Integer, Integer> panoptic = new HashMap<>();

    SegmentationColors(SegmentationType type) {
        this.type = type;
        for (int label = 1; label < 256; label++) {
            semantic[label] = color(label);
        }
    }

    /** The colour of an id, as 0xRRGGBB. */
    static int color(long id) {
        long x = id % MODULUS;
        if (x == 0) {
            x = 1;
        }
        int rgb = 0;
        for (int channel = 0; channel < 3; channel++) {
            long drawn;
            do {
                x = x * MULTIPLIER % MODULUS;
                drawn = x - 1;
            } while (drawn >= PAST);
            rgb = rgb << 8 | (int) (drawn / SCALING);
        }
        return rgb;
    }

    /** The coloured map of a label map (3 bytes a pixel, encoded as this camera's type says), into {@code out}. */
    void colour(ByteBuffer labels, byte[] out) {
        ByteBuffer in = labels.duplicate();
        int n = in.remaining();
        int base = in.position();
        for (int i = 0; i < n; i += 3) {
            int low = in.get(base + i) & 0xff;
            int high = in.get(base + i + 1) & 0xff;
            int label = in.get(base + i + 2) & 0xff;
            int rgb;
            if (label == 0) {
                rgb = 0;
            } else if (type == SegmentationType.SEMANTIC) {
                rgb = semantic[label];
            } else {
                int id = label << 16 | high << 8 | low;
                rgb = panoptic.computeIfAbsent(id, k -> color(k));
            }
            out[i] = (byte) (rgb >>> 16);
            out[i + 1] = (byte) (rgb >>> 8);
            out[i + 2] = (byte) rgb;
        }
    }
}
