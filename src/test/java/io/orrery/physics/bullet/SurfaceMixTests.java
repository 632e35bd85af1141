package io.orrery.physics.bullet;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The space skips Bullet's per-contact-point callback exactly when no pair of its bodies needs it: checked against
 * every pair of every set of up to three bodies drawn from surfaces on both sides of each case's edges.
 */
class SurfaceMixTests {

    /** SDF's readers refuse negative coefficients; see the last test for what the count does with one anyway. */
    private static final float[] FRICTIONS = {0f, 0.2f, 0.8f, 1f, 2f, 100f};

    private static final float[] RESTITUTIONS = {0f, 0.5f, 1f};

    @Test
    void needsTheCallbackExactlyWhenSomePairMixesDifferentlyFromBulletsProducts() {
        List<SurfaceMix.Surface> all = new ArrayList<>();
        for (float f : FRICTIONS) {
            for (float r : RESTITUTIONS) {
                all.add(new SurfaceMix.Surface(f, r));
            }
        }
        int checked = 0;
        for (int i = 0; i < all.size(); i++) {
            for (int j = i; j < all.size(); j++) {
                for (int k = j; k <= all.size(); k++) { // k == size: a set of two
                    List<SurfaceMix.Surface> bodies = new ArrayList<>(List.of(all.get(i), all.get(j)));
                    if (k < all.size()) {
                        bodies.add(all.get(k));
                    }
                    SurfaceMix mix = new SurfaceMix();
                    bodies.forEach(mix::add);
                    assertThat(mix.needed()).as("%s", bodies).isEqualTo(somePairDiffers(bodies));
                    checked++;
                }
            }
        }
        assertThat(checked).isGreaterThan(1000);
    }

    @Test
    void removingABodyTakesItsSurfaceOutOfTheCount() {
        SurfaceMix mix = new SurfaceMix();
        var box = new SurfaceMix.Surface(1f, 0f);
        var ice = new SurfaceMix.Surface(0.2f, 0f);
        mix.add(box);
        mix.add(ice);
        assertThat(mix.needed()).isFalse(); // 1 · 0.2 is min(1, 0.2)
        mix.add(ice);
        assertThat(mix.needed()).isTrue(); // 0.2 · 0.2 is not 0.2
        mix.remove(ice);
        assertThat(mix.needed()).isFalse();
    }

    @Test
    void aFrictionThatIsNotANonNegativeNumberAlwaysTakesTheCallback() {
        for (float odd : new float[] {-1f, Float.NaN, Float.POSITIVE_INFINITY}) {
            SurfaceMix mix = new SurfaceMix();
            mix.add(new SurfaceMix.Surface(odd, 0f));
            mix.add(new SurfaceMix.Surface(0f, 0f));
            assertThat(mix.needed()).as("friction %s", odd).isTrue(); // conservative: the callback mixes it as Gazebo
        }
    }

    /** Bullet's products against Gazebo's mix (the callback's), pair by pair: the definition needed() shortcuts. */
    private static boolean somePairDiffers(List<SurfaceMix.Surface> bodies) {
        for (int a = 0; a < bodies.size(); a++) {
            for (int b = a + 1; b < bodies.size(); b++) {
                SurfaceMix.Surface x = bodies.get(a);
                SurfaceMix.Surface y = bodies.get(b);
                boolean friction =
                        SurfaceMix.bulletFriction(x.friction(), y.friction()) != Math.min(x.friction(), y.friction());
                boolean restitution = SurfaceMix.bulletRestitution(x.restitution(), y.restitution())
                        != Math.max(x.restitution(), y.restitution());
                if (friction || restitution) {
                    return true;
                }
            }
        }
        return false;
    }
}
