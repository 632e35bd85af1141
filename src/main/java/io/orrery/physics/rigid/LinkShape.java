package io.orrery.physics.rigid;

import io.orrery.physics.ShapeInfo;
import io.orrery.world.Quat;
import io.orrery.world.SurfaceSpec;
import java.util.List;

/**
 * The shape of a link in an engine, from {@link ShapePlan#build}.
 *
 * @param shape the shape in the body (centre-of-mass) frame; a tiny sphere when the link has none
 * @param empty true when no collision produced a shape
 * @param staticOnly true when the shape contains one that cannot move (a plane, a triangle mesh, a heightfield):
 *     the body can then never move
 * @param surface the surface of the first collision that produced a shape
 * @param infos what each collision became
 * @param surfaceInBody the rotation of that first collision's frame in the body frame (identity when none)
 * @param children the collision each child of the engine's compound shape belongs to, by the child's index (one name
 *     when the shape is not a compound): contacts name the collision they touched by it
 * @param <S> the engine's shape type
 */
public record LinkShape<S>(
        S shape,
        boolean empty,
        boolean staticOnly,
        SurfaceSpec surface,
        List<ShapeInfo> infos,
        Quat surfaceInBody,
        List<String> children) {

    public LinkShape {
        infos = List.copyOf(infos);
        children = List.copyOf(children);
    }
}
