package io.orrery.physics;

/** A joint name that is not in the model. */
public class UnknownJointException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String model;
    private final String joint;

    public UnknownJointException(String model, String joint) {
        super("model '" + model + "' has no joint named '" + joint + "'");
        this.model = model;
        this.joint = joint;
    }

    public String model() {
        return model;
    }

    public String joint() {
        return joint;
    }
}
