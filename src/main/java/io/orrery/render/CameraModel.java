package io.orrery.render;

/**
 * A pinhole camera as SDF and gz-sensors describe it: an image of {@code width} × {@code height} pixels, the focal
 * lengths and principal point in pixels, and the clip distances in metres. Without SDF {@code <lens><intrinsics>},
 * the intrinsics are gz-sensors' own: {@code fx = width / (2·tan(hfov/2))}, {@code fy = fx} (square pixels),
 * {@code cx = width/2}, {@code cy = height/2}. Pixel (u, v) covers [u, u+1) × [v, v+1), row 0 at the top, so the
 * optical axis crosses the image's centre at (cx, cy).
 *
 * @param visibilityMask the camera's {@code <visibility_mask>}: a visual is drawn when its flags share a bit
 */
public record CameraModel(
        int width,
        int height,
        double fx,
        double fy,
        double cx,
        double cy,
        double near,
        double far,
        long visibilityMask) {

    /** Every bit of SDF's 32-bit {@code <visibility_mask>} set: its default. */
    public static final long ALL = 0xFFFF_FFFFL;

    public CameraModel {
        if (width < 1 || height < 1) {
            throw new IllegalArgumentException("an image must be at least 1 × 1 pixels, got " + width + " × " + height);
        }
        for (double v : new double[] {fx, fy, cx, cy}) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException("intrinsics must be finite, got " + v);
            }
        }
        if (!(fx > 0) || !(fy > 0)) {
            throw new IllegalArgumentException("focal lengths must be above 0, got fx " + fx + ", fy " + fy);
        }
        if (!(near > 0) || !(far > near) || Double.isInfinite(far)) {
            throw new IllegalArgumentException(
                    "clip distances must be 0 < near < far < infinity, got near " + near + ", far " + far);
        }
        if (visibilityMask < 0 || visibilityMask > ALL) {
            throw new IllegalArgumentException("the visibility mask must fit 32 bits, got " + visibilityMask);
        }
    }

    /** gz-sensors' camera: intrinsics from the horizontal field of view, every visual visible. */
    public static CameraModel of(int width, int height, double horizontalFov, double near, double far) {
        if (!(horizontalFov > 0 && horizontalFov < Math.PI)) {
            throw new IllegalArgumentException(
                    "the horizontal field of view must be above 0 and below π, got " + horizontalFov);
        }
        double f = width / (2 * Math.tan(horizontalFov / 2));
        return new CameraModel(width, height, f, f, width / 2.0, height / 2.0, near, far, ALL);
    }

    /** The same camera with SDF's {@code <lens><intrinsics>}. */
    public CameraModel withIntrinsics(double newFx, double newFy, double newCx, double newCy) {
        return new CameraModel(width, height, newFx, newFy, newCx, newCy, near, far, visibilityMask);
    }

    /** The same camera with another visibility mask. */
    public CameraModel withVisibilityMask(long mask) {
        return new CameraModel(width, height, fx, fy, cx, cy, near, far, mask);
    }

    /** The horizontal field of view the focal length gives, in radians. */
    public double horizontalFov() {
        return 2 * Math.atan(width / (2 * fx));
    }

    /** The vertical field of view the focal length gives, in radians. */
    public double verticalFov() {
        return 2 * Math.atan(height / (2 * fy));
    }
}
