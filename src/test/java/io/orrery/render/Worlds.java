package io.orrery.render;

import io.orrery.world.WorldSpec;
import io.orrery.world.sdf.SdfReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Worlds for the rendering tests, read from SDF text through the real reader. */
final class Worlds {

    private Worlds() {}

    static WorldSpec read(Path dir, String name, String worldBody) {
        String sdf = "<sdf version='1.11'><world name='" + name + "'>\n" + worldBody + "\n</world></sdf>";
        try {
            Path file = dir.resolve(name + ".sdf");
            Files.writeString(file, sdf, StandardCharsets.UTF_8);
            return new SdfReader(List.of()).read(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A static model holding one box visual. */
    static String box(String name, String pose, String size, String inside) {
        return "<model name='" + name + "'><static>true</static><pose>" + pose + "</pose><link name='link'>"
                + "<visual name='visual'><geometry><box><size>" + size + "</size></box></geometry>" + inside
                + "</visual></link></model>";
    }

    /** A label system plugin giving {@code label}. */
    static String label(int label) {
        return "<plugin filename='gz-sim-label-system' name='gz::sim::systems::Label'><label>" + label
                + "</label></plugin>";
    }
}
