package io.orrery.physics.rigid;

import io.orrery.world.JointSpec;
import io.orrery.world.ModelSpec;
import java.util.HashMap;
import java.util.Map;

/**
 * Which articulation each nested model of a top-level model ends up in, as Gazebo builds them: every nested model is
 * an articulation of its own, and a joint between links of two of them joins theirs (gz-physics moves the child's into
 * the parent's). A model's links meet without {@code <self_collide>} only when they are in two articulations.
 */
final class Articulations {

    private final Map<String, String> parent = new HashMap<>();

    private Articulations(ModelSpec top) {
        join(top, "");
    }

    /** The articulation of every nested model of {@code top}, by scope ({@code a::b}; empty for the top itself). */
    static Articulations of(ModelSpec top) {
        return new Articulations(top);
    }

    /** The articulation a link scoped within the top-level model is in (a nested model's scope stands for it). */
    String of(String scopedLink) {
        return find(scope(scopedLink));
    }

    private void join(ModelSpec model, String prefix) {
        for (JointSpec joint : model.joints()) {
            if (!joint.parent().equals(JointSpec.WORLD)) {
                String a = find(scope(prefix + joint.parent()));
                String b = find(scope(prefix + joint.child()));
                if (!a.equals(b)) {
                    parent.put(b, a);
                }
            }
        }
        for (ModelSpec nested : model.models()) {
            join(nested, prefix + nested.name() + "::");
        }
    }

    private String find(String scope) {
        String s = scope;
        while (parent.containsKey(s)) {
            s = parent.get(s);
        }
        return s;
    }

    /** The nested model a scoped link name is in ({@code a::b} for {@code a::b::link}; empty at the top). */
    private static String scope(String scopedName) {
        int end = scopedName.lastIndexOf("::");
        return end < 0 ? "" : scopedName.substring(0, end);
    }
}
