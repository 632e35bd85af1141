package io.orrery.control;

/** A request the worlds' state refuses: too few free worlds, a world held by another, or an ended world in disabled mode. */
public final class WorldsHeldException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    public WorldsHeldException(String message) {
        super(message);
    }
}
