package io.orrery.world;

import java.util.Objects;

/**
 * The world's {@code <scene>}: what a camera sees where nothing is drawn, and the light that reaches every surface.
 *
 * @param ambient {@code <ambient>}: the light every surface receives, times its material's ambient colour
 * @param background {@code <background>}: the colour where no visual is drawn
 * @param shadows {@code <shadows>} (true), kept (Orrery draws no shadows)
 * @param grid {@code <grid>} (true), kept (a GUI's; cameras draw none)
 * @param originVisual {@code <origin_visual>} (true), kept (a GUI's; cameras draw none)
 */
public record SceneSpec(Color ambient, Color background, boolean shadows, boolean grid, boolean originVisual) {

    /** SDF's defaults: ambient 0.4 grey, background 0.7 grey, shadows, grid and origin on. */
    public static final SceneSpec DEFAULT = new SceneSpec(Color.grey(0.4), Color.grey(0.7), true, true, true);

    public SceneSpec {
        Objects.requireNonNull(ambient, "ambient");
        Objects.requireNonNull(background, "background");
    }
}
