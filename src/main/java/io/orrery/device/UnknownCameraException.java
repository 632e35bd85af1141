package io.orrery.device;

import java.util.List;

/** No camera of the world has the name asked for (the message names those it has), or it lacks the image asked for. */
public final class UnknownCameraException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final transient List<String> known;

    public UnknownCameraException(String name, List<String> known) {
        super("no camera '" + name + "' in the world; its cameras are "
                + (known.isEmpty() ? "none" : String.join(", ", known)));
        this.known = List.copyOf(known);
    }

    private UnknownCameraException(String camera, String output) {
        super("camera '" + camera + "' draws no " + output + " image");
        this.known = List.of(camera);
    }

    /** The camera {@code camera} draws no {@code output} image (a depth camera's colour, say). */
    public static UnknownCameraException noOutput(String camera, String output) {
        return new UnknownCameraException(camera, output);
    }

    /** The cameras' scoped names. */
    public List<String> known() {
        return known == null ? List.of() : known;
    }
}
