package io.orrery.render;

import io.orrery.world.Pose;
import io.orrery.world.Vec3;
import java.util.List;

/**
 * What a camera must see, computed apart from OpenGL: a ray through each pixel's centre, as {@link CameraModel}
 * defines pixels, cast against boxes exactly. The tests compare the renderer's images with it.
 */
final class RayCast {

    /** A box in the world: its pose (centre and orientation) and full edge lengths. */
    record Box(Pose pose, Vec3 size) {

        /** The ray parameter of the first hit of o + t·d with t > 0, or +inf. */
        double hit(Vec3 o, Vec3 d) {
            Pose inverse = pose.inverse();
            Vec3 lo = inverse.apply(o);
            Vec3 ld = inverse.rotation().rotate(d);
            double[] origin = {lo.x(), lo.y(), lo.z()};
            double[] dir = {ld.x(), ld.y(), ld.z()};
            double[] half = {size.x() / 2, size.y() / 2, size.z() / 2};
            double near = Double.NEGATIVE_INFINITY;
            double far = Double.POSITIVE_INFINITY;
            for (int k = 0; k < 3; k++) {
                if (dir[k] == 0) {
                    if (Math.abs(origin[k]) > half[k]) {
                        return Double.POSITIVE_INFINITY;
                    }
                    continue;
                }
                double t1 = (-half[k] - origin[k]) / dir[k];
                double t2 = (half[k] - origin[k]) / dir[k];
                near = Math.max(near, Math.min(t1, t2));
                far = Math.min(far, Math.max(t1, t2));
            }
            return near <= far && near > 0 ? near : Double.POSITIVE_INFINITY;
        }

        /** The outward normal, in the world, of the face a point on the box's surface lies on. */
        Vec3 normal(Vec3 worldPoint) {
            Vec3 p = pose.inverse().apply(worldPoint);
            double[] r = {p.x() / size.x(), p.y() / size.y(), p.z() / size.z()};
            int axis = 0;
            for (int k = 1; k < 3; k++) {
                if (Math.abs(r[k]) > Math.abs(r[axis])) {
                    axis = k;
                }
            }
            double s = Math.signum(r[axis]);
            Vec3 local = axis == 0 ? new Vec3(s, 0, 0) : axis == 1 ? new Vec3(0, s, 0) : new Vec3(0, 0, s);
            return pose.rotation().rotate(local);
        }
    }

    /** The ray through pixel (u, v)'s centre: x along the optical axis is 1, so t is the depth along the axis. */
    static Vec3 direction(CameraModel m, Pose camera, int u, int v) {
        Vec3 inCamera = new Vec3(1, -(u + 0.5 - m.cx()) / m.fx(), -(v + 0.5 - m.cy()) / m.fy());
        return camera.rotation().rotate(inCamera);
    }

    /** For each pixel (row by row from the top), the index of the nearest box hit, or −1. */
    static int[] nearest(CameraModel m, Pose camera, List<Box> boxes, double[] depthOut) {
        int[] out = new int[m.width() * m.height()];
        for (int v = 0; v < m.height(); v++) {
            for (int u = 0; u < m.width(); u++) {
                Vec3 d = direction(m, camera, u, v);
                int best = -1;
                double bestT = Double.POSITIVE_INFINITY;
                for (int b = 0; b < boxes.size(); b++) {
                    double t = boxes.get(b).hit(camera.position(), d);
                    if (t < bestT) {
                        bestT = t;
                        best = b;
                    }
                }
                out[v * m.width() + u] = best;
                if (depthOut != null) {
                    depthOut[v * m.width() + u] = bestT;
                }
            }
        }
        return out;
    }

    /** True when every neighbour of the pixel (the 8 around it, those inside the image) has its own value. */
    static boolean interior(int[] values, int width, int height, int u, int v) {
        int own = values[v * width + u];
        for (int dv = -1; dv <= 1; dv++) {
            for (int du = -1; du <= 1; du++) {
                int x = u + du;
                int y = v + dv;
                if (x >= 0 && y >= 0 && x < width && y < height && values[y * width + x] != own) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The values of the pixel and its neighbours: what a pixel at an edge may show. */
    static java.util.Set<Integer> around(int[] values, int width, int height, int u, int v) {
        java.util.Set<Integer> near = new java.util.HashSet<>();
        for (int dv = -1; dv <= 1; dv++) {
            for (int du = -1; du <= 1; du++) {
                int x = u + du;
                int y = v + dv;
                if (x >= 0 && y >= 0 && x < width && y < height) {
                    near.add(values[y * width + x]);
                }
            }
        }
        return near;
    }
}
