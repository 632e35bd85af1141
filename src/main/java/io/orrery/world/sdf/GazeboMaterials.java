package io.orrery.world.sdf;

import io.orrery.world.Color;
import java.util.Map;
import java.util.Optional;

/**
 * The colours of Gazebo's own named materials ({@code <script><name>Gazebo/Grey</name>}), as gz-sim takes them: the
 * ambient, diffuse and specular colours of the first pass of each material in gz-sim's {@code gazebo.material}
 * (Apache-2.0, Open Source Robotics Foundation), alpha 1. Named materials that set no colour there (textures, sky,
 * overlays) are not listed. gz-sim looks a name up by substring, so {@code Gazebo/Grey} also picks up the later
 * {@code Gazebo/GreyTransparent}'s colours; Orrery takes the material of exactly the name given.
 */
final class GazeboMaterials {

    /** Ambient, diffuse and specular colours; null where the material sets none. */
    record Colors(Color ambient, Color diffuse, Color specular) {}

    private static final Colors ROAD = of(g(0.1), g(0.8), g(0.01));

    private static final Map<String, Colors> BY_NAME = Map.ofEntries(
            Map.entry("Gazebo/Grey", of(g(0.3), g(0.7), g(0.01))),
            Map.entry("Gazebo/Gray", of(g(0.3), g(0.7), g(0.01))),
            Map.entry("Gazebo/DarkGrey", of(g(0.175), g(0.175), g(0.175))),
            Map.entry("Gazebo/DarkGray", of(g(0.175), g(0.175), g(0.175))),
            Map.entry("Gazebo/White", of(g(1), g(1), g(0.1))),
            Map.entry("Gazebo/FlatBlack", of(g(0.1), g(0.1), g(0.01))),
            Map.entry("Gazebo/Black", of(g(0), g(0), g(0.1))),
            Map.entry("Gazebo/Red", of(c(1, 0, 0), c(1, 0, 0), g(0.1))),
            Map.entry("Gazebo/RedBright", of(c(0.87, 0.26, 0.07), c(0.87, 0.26, 0.07), c(0.87, 0.26, 0.07))),
            Map.entry("Gazebo/Green", of(c(0, 1, 0), c(0, 1, 0), g(0.1))),
            Map.entry("Gazebo/Blue", of(c(0, 0, 1), c(0, 0, 1), g(0.1))),
            Map.entry("Gazebo/SkyBlue", of(c(0.13, 0.44, 0.70), c(0, 0, 1), g(0.1))),
            Map.entry("Gazebo/Yellow", of(c(1, 1, 0), c(1, 1, 0), g(0))),
            Map.entry(
                    "Gazebo/ZincYellow",
                    of(c(0.9725, 0.9529, 0.2078), c(0.9725, 0.9529, 0.2078), c(0.9725, 0.9529, 0.2078))),
            Map.entry("Gazebo/DarkYellow", of(c(0.7, 0.7, 0), c(0.7, 0.7, 0), g(0))),
            Map.entry("Gazebo/Purple", of(c(1, 0, 1), c(1, 0, 1), g(0.1))),
            Map.entry("Gazebo/Turquoise", of(c(0, 1, 1), c(0, 1, 1), g(0.1))),
            Map.entry("Gazebo/Orange", of(c(1, 0.5088, 0.0468), c(1, 0.5088, 0.0468), g(0.5))),
            Map.entry("Gazebo/Indigo", of(c(0.33, 0, 0.5), c(0.33, 0, 0.5), g(0.1))),
            // the glowing ones inherit their base's first pass, where gz-sim reads the colours
            Map.entry("Gazebo/WhiteGlow", of(g(1), g(1), g(0.1))),
            Map.entry("Gazebo/GreenGlow", of(c(0, 1, 0), c(0, 1, 0), g(0.1))),
            Map.entry("Gazebo/BlueGlow", of(c(0, 0, 1), c(0, 0, 1), g(0.1))),
            Map.entry("Gazebo/YellowGlow", of(c(1, 1, 0), c(1, 1, 0), g(0))),
            Map.entry("Gazebo/PurpleGlow", of(c(1, 0, 1), c(1, 0, 1), g(0.1))),
            Map.entry("Gazebo/TurquoiseGlow", of(c(0, 1, 1), c(0, 1, 1), g(0.1))),
            Map.entry("Gazebo/RedGlow", of(c(1, 0, 0), c(1, 0, 0), g(0))),
            Map.entry("Gazebo/TurquoiseGlowOutline", of(null, c(0, 1, 1), g(0.1))),
            Map.entry("Gazebo/OrangeTransparentOverlay", of(c(1, 0.5088, 0.0468), null, null)),
            Map.entry("Gazebo/DarkOrangeTransparentOverlay", of(c(0.6, 0.305, 0.028), null, null)),
            Map.entry("Gazebo/GreenTransparent", of(c(0, 1, 0), c(0, 1, 0), null)),
            Map.entry("Gazebo/BlueTransparent", of(c(0, 0, 1), c(0, 0, 1), null)),
            Map.entry("Gazebo/DarkMagentaTransparent", of(c(0.6, 0, 0.6), c(0.6, 0, 0.6), null)),
            Map.entry("Gazebo/GreyTransparent", of(g(0.5), g(0.5), null)),
            Map.entry("Gazebo/BlackTransparent", of(g(0), g(0), null)),
            Map.entry("Gazebo/YellowTransparent", of(c(1, 1, 0), c(1, 1, 0), null)),
            Map.entry("Gazebo/LightOn", of(c(0, 1, 0), c(0, 1, 0), null)),
            Map.entry("Gazebo/LightOff", of(c(1, 0, 0), c(1, 0, 0), null)),
            Map.entry("Gazebo/LightBlueLaser", of(c(0.5, 0.5, 1), c(0.5, 0.5, 1), null)),
            Map.entry("Gazebo/BlueLaser", of(c(0, 0, 1), c(0, 0, 1), null)),
            Map.entry("Gazebo/OrangeTransparent", of(c(1, 0.44, 0), c(1, 0.44, 0), null)),
            Map.entry("Gazebo/JointAnchor", of(g(1), g(1), g(1))),
            Map.entry("Gazebo/CoM", of(g(0.5), null, null)),
            Map.entry("Gazebo/WoodFloor", of(g(0.5), null, null)),
            Map.entry("Gazebo/CeilingTiled", of(g(0.5), null, null)),
            Map.entry("Gazebo/PaintedWall", of(g(1), null, null)),
            Map.entry("Gazebo/PioneerBody", of(c(0.5, 0, 0), null, null)),
            Map.entry(
                    "Gazebo/Pioneer2Body",
                    of(c(0.481193, 0.000123, 0.000123), c(0.681193, 0.000923, 0.000923), g(0.5))),
            Map.entry("Gazebo/Gold", of(c(0.4, 0.24869, 0.020759), c(0.8, 0.64869, 0.120759), g(0.4))),
            Map.entry("Gazebo/WoodPallet", of(g(0.5), g(1), g(0))),
            Map.entry("Gazebo/Wood", of(g(1), g(1), g(0.2))),
            Map.entry("Gazebo/Bricks", of(g(1), g(1), g(0.2))),
            Map.entry("Gazebo/Road", ROAD),
            Map.entry("Gazebo/Residential", ROAD),
            Map.entry("Gazebo/Tertiary", ROAD),
            Map.entry("Gazebo/Pedestrian", ROAD),
            Map.entry("Gazebo/Footway", ROAD),
            Map.entry("Gazebo/Motorway", ROAD),
            Map.entry("Gazebo/Lanes_6", ROAD),
            Map.entry("Gazebo/Trunk", ROAD),
            Map.entry("Gazebo/Lanes_4", ROAD),
            Map.entry("Gazebo/Primary", ROAD),
            Map.entry("Gazebo/Lanes_2", ROAD),
            Map.entry("Gazebo/Secondary", ROAD),
            Map.entry("Gazebo/Lane_1", ROAD),
            Map.entry("Gazebo/Steps", ROAD),
            Map.entry("Gazebo/BuildingFrame", of(g(1), g(1), g(0.2))),
            Map.entry("Gazebo/Runway", of(g(0.5), null, null)),
            Map.entry("Gazebo/Grass", of(g(0.5), null, null)),
            Map.entry("Gazebo/Editor", of(g(1), g(1), g(0.1))),
            Map.entry("Gazebo/EditorPlane", of(g(0.3), g(0.7), g(0.01))));

    private GazeboMaterials() {}

    /** The colours of Gazebo's material of exactly that name, if it is one that sets colours. */
    static Optional<Colors> colors(String name) {
        return Optional.ofNullable(BY_NAME.get(name));
    }

    private static Colors of(Color ambient, Color diffuse, Color specular) {
        return new Colors(ambient, diffuse, specular);
    }

    private static Color g(double level) {
        return Color.grey(level);
    }

    private static Color c(double r, double g, double b) {
        return Color.rgb(r, g, b);
    }
}
