package io.orrery.world.mesh;

/** A mesh or heightmap file that cannot be used: missing, unreadable, empty, malformed or over a limit. */
public class MeshException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public MeshException(String message) {
        super(message);
    }

    public MeshException(String message, Throwable cause) {
        super(message, cause);
    }
}
