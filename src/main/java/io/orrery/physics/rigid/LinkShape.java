package io.orrery.physics.rigid;

import io.orrery.world.SurfaceSpec;

/**
 * The shape of a link in an engine, from {@link ShapePlan#build}.
 *
 * @param shape the shape in the body (centre-of-mass) frame; a tiny sphere when the link has none
 * @param empty true when no collision produced a shape
 * @param hasPlane true when the shape contains an infinite plane (the body can then never move)
 * @param surface the surface of the first collision that produced a shape
 * @param <S> the engine's shape type
 */
public record LinkShape<S>(S shape, boolean empty, boolean hasPlane, SurfaceSpec surface) {
}
