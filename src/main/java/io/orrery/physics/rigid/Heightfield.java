package io.orrery.physics.rigid;

import io.orrery.world.Geometry;
import io.orrery.world.Vec3;

/**
 * A heightmap's grid as both engines take it, centred the way Bullet's btHeightfieldTerrainShape centres itself:
 * columns along x and rows along y around the origin, heights around the middle of their range. {@link #centre()}
 * is where that origin lies in the collision frame.
 *
 * @param side grid points along each side
 * @param dx the spacing of columns, metres
 * @param dy the spacing of rows, metres
 * @param heights row by row (row 0 at −y), each relative to the middle of the height range
 * @param centre the grid's middle in the collision frame
 */
public record Heightfield(int side, double dx, double dy, float[] heights, Vec3 centre) {

    static Heightfield of(Geometry.Heightmap h) {
        int side = h.image().size();
        float[] heights = new float[side * side];
        double min = Double.MAX_VALUE;
        double max = -Double.MAX_VALUE;
        for (int j = 0; j < side; j++) {
            for (int i = 0; i < side; i++) {
                double z = h.height(i, j);
                min = Math.min(min, z);
                max = Math.max(max, z);
            }
        }
        double mid = (min + max) / 2;
        for (int j = 0; j < side; j++) {
            for (int i = 0; i < side; i++) {
                heights[j * side + i] = (float) (h.height(i, j) - mid);
            }
        }
        return new Heightfield(
                side,
                h.x(1) - h.x(0),
                h.y(1) - h.y(0),
                heights,
                new Vec3(h.pos().x(), h.pos().y(), mid));
    }

    /** The height at column {@code i}, row {@code j}, relative to the grid's middle. */
    public float height(int i, int j) {
        return heights[j * side + i];
    }

    /** A copy of the heights, row by row. */
    @Override
    public float[] heights() {
        return heights.clone();
    }
}
