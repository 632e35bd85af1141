package io.orrery.physics;

/** A model name that is not in the world. */
public class UnknownModelException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String model;

    public UnknownModelException(String model) {
        super("no model named '" + model + "'");
        this.model = model;
    }

    public String model() {
        return model;
    }
}
