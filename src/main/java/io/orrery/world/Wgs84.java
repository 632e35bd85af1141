package io.orrery.world;

/**
 * Positions on the WGS84 ellipsoid: a point of the world frame (ENU at the world's origin, turned by its heading)
 * through Earth-centred Earth-fixed coordinates to latitude, longitude and height, exactly rather than on a tangent
 * plane.
 */
public final class Wgs84 {

    private static final double A = 6_378_137.0; // semi-major axis, m
    private static final double F = 1 / 298.257223563; // flattening
    private static final double E2 = F * (2 - F); // first eccentricity squared

    private final double lat0;
    private final double lon0;
    private final double[] origin;
    private final double heading;

    public Wgs84(SphericalCoordinates at) {
        this.lat0 = Math.toRadians(at.latitudeDeg());
        this.lon0 = Math.toRadians(at.longitudeDeg());
        this.origin = ecef(lat0, lon0, at.elevation());
        this.heading = Math.toRadians(at.headingDeg());
    }

    /** A world-frame vector in east, north, up: the heading turns the world about the downward vertical. */
    public Vec3 enu(Vec3 world) {
        double c = Math.cos(heading);
        double s = Math.sin(heading);
        // world x points heading clockwise from east seen from above
        return new Vec3(c * world.x() + s * world.y(), -s * world.x() + c * world.y(), world.z());
    }

    /** {latitude°, longitude°, height m} of a world-frame point. */
    public double[] geodetic(Vec3 world) {
        Vec3 local = enu(world);
        double sinLat = Math.sin(lat0);
        double cosLat = Math.cos(lat0);
        double sinLon = Math.sin(lon0);
        double cosLon = Math.cos(lon0);
        double x = origin[0] - sinLon * local.x() - sinLat * cosLon * local.y() + cosLat * cosLon * local.z();
        double y = origin[1] + cosLon * local.x() - sinLat * sinLon * local.y() + cosLat * sinLon * local.z();
        double z = origin[2] + cosLat * local.y() + sinLat * local.z();
        double lon = Math.atan2(y, x);
        double p = Math.hypot(x, y);
        // fixed-point iteration on the latitude, started from the origin's: converges to rounding in a few steps
        double lat = lat0;
        double height = 0;
        for (int i = 0; i < 8; i++) {
            double sin = Math.sin(lat);
            double n = A / Math.sqrt(1 - E2 * sin * sin);
            height = p / Math.cos(lat) - n;
            double next = Math.atan2(z, p * (1 - E2 * n / (n + height)));
            if (next == lat) {
                break;
            }
            lat = next;
        }
        return new double[] {Math.toDegrees(lat), Math.toDegrees(lon), height};
    }

    private static double[] ecef(double lat, double lon, double height) {
        double sin = Math.sin(lat);
        double n = A / Math.sqrt(1 - E2 * sin * sin);
        return new double[] {
            (n + height) * Math.cos(lat) * Math.cos(lon),
            (n + height) * Math.cos(lat) * Math.sin(lon),
            (n * (1 - E2) + height) * sin
        };
    }
}
