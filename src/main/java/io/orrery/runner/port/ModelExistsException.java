package io.orrery.runner.port;

/**
 * A spawn refused because the world already holds a model of that name. Decided on the runner thread, where the
 * world's models are known for certain: a spawn racing a reload or another spawn hears this, never an engine's own
 * refusal.
 */
public final class ModelExistsException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String model;

    public ModelExistsException(String model) {
        super("a model named '" + model + "' already exists; remove it first or choose another name");
        this.model = model;
    }

    /** The name taken. */
    public String model() {
        return model;
    }
}
