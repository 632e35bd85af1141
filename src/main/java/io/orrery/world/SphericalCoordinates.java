package io.orrery.world;

/**
 * A world's {@code <spherical_coordinates>} on the WGS84 ellipsoid with an ENU world frame: where the world's origin
 * lies on the Earth, and the heading of its x axis.
 *
 * @param latitudeDeg geodetic latitude of the origin, degrees
 * @param longitudeDeg longitude of the origin, degrees
 * @param elevation height of the origin above the ellipsoid, m
 * @param headingDeg the world frame turned from ENU about the downward vertical (north towards east positive), degrees
 */
public record SphericalCoordinates(double latitudeDeg, double longitudeDeg, double elevation, double headingDeg) {

    /** SDF's defaults: the origin at latitude 0, longitude 0, elevation 0, heading 0. */
    public static final SphericalCoordinates DEFAULT = new SphericalCoordinates(0, 0, 0, 0);
}
