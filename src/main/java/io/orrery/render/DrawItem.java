package io.orrery.render;

import io.orrery.world.Color;
import io.orrery.world.MaterialSpec;

/** One visual as the GPU draws it: its triangles, the body it moves with, where on it, and its material and labels. */
final class DrawItem {

    /** Gazebo's default material for a visual that has none ({@code gz-grey} in gz-sim's scene manager). */
    static final MaterialSpec DEFAULT_MATERIAL = new MaterialSpec(
            Color.grey(0.3),
            Color.grey(0.7),
            Color.WHITE,
            Color.BLACK,
            0,
            true,
            false,
            0,
            java.util.Optional.empty(),
            java.util.Optional.empty());

    final String name;
    final GpuMesh mesh;
    final int body;
    final double[] local;
    final float[] ambient;
    final float[] diffuse;
    final float[] specular;
    final float[] emissive;
    final float shininess;
    final boolean lit;
    final boolean doubleSided;
    final int texture;
    final float opacity;
    final long flags;
    final float[] semantic;
    final float[] panoptic;
    final float[] thermal;

    /** The warmest temperature the thermal code holds, in kelvin: 24 bits of hundredths, less the "none" code. */
    static final double MAX_TEMPERATURE = ((1 << 24) - 2) / 100.0;

    /**
     * @param local the visual's transform in its body's frame (column-major, 16)
     * @param opacity one minus the visual's transparency
     * @param label the segmentation label, 0 for none
     * @param instance the panoptic instance number, 0 for none
     * @param temperature the visual's temperature in kelvin, NaN for none (a thermal camera reads the ambient)
     */
    DrawItem(
            String name,
            GpuMesh mesh,
            int body,
            double[] local,
            MaterialSpec material,
            int texture,
            double opacity,
            long flags,
            int label,
            int instance,
            double temperature) {
        this.name = name;
        this.mesh = mesh;
        this.body = body;
        this.local = local;
        this.ambient = rgba(material.ambient());
        this.diffuse = rgba(material.diffuse());
        this.specular = rgba(material.specular());
        this.emissive = new float[] {
            (float) material.emissive().r(),
            (float) material.emissive().g(),
            (float) material.emissive().b()
        };
        this.shininess = (float) material.shininess();
        this.lit = material.lighting();
        this.doubleSided = material.doubleSided();
        this.texture = texture;
        this.opacity = (float) opacity;
        this.flags = flags;
        // label maps as bytes over 255, which an 8-bit target stores exactly
        this.semantic = new float[] {label / 255f, label / 255f, label / 255f};
        this.panoptic = new float[] {(instance % 256) / 255f, (instance / 256) / 255f, label / 255f};
        this.thermal = thermal(temperature);
    }

    /** Drawn after the opaque visuals, blended and without writing depth. */
    boolean transparent() {
        return opacity * diffuse[3] < 1;
    }

    /** {@link SegmentationType#THERMAL}'s code: hundredths of a kelvin plus one, over three bytes, 0 for none. */
    private static float[] thermal(double kelvin) {
        if (Double.isNaN(kelvin)) {
            return new float[3];
        }
        int code = 1 + (int) Math.round(Math.min(Math.max(kelvin, 0), MAX_TEMPERATURE) * 100);
        return new float[] {(code & 0xFF) / 255f, ((code >> 8) & 0xFF) / 255f, (code >>> 16) / 255f};
    }

    private static float[] rgba(Color c) {
        return new float[] {(float) c.r(), (float) c.g(), (float) c.b(), (float) c.a()};
    }
}
