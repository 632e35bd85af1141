package io.orrery.render;

/**
 * How a segmentation camera encodes each pixel's label map, as gz-sensors does: 3 bytes a pixel, background (no
 * visual, or a visual without a label) all zero.
 */
public enum SegmentationType {
    /** The visual's label in all three bytes. */
    SEMANTIC,
    /**
     * The instance's number, low byte then high byte, then the label: instances are numbered from 1 for each label, one
     * number per top-level model, in gz-rendering's order (visuals by scoped name, last first).
     */
    PANOPTIC,
    /**
     * Not a label but the visual's temperature, for a thermal camera: hundredths of a kelvin plus one, low byte first
     * over the three bytes; all zero where no visual with a temperature is seen (the camera reads the ambient there).
     */
    THERMAL
}
