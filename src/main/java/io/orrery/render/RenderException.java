package io.orrery.render;

/**
 * Rendering cannot start or go on: no EGL, no OpenGL 3.3 with clip control, a driver that refuses. The message says
 * what is missing and, where a package would bring it, what to install.
 */
public class RenderException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** The Debian and Ubuntu packages that give a machine without a GPU headless OpenGL through EGL. */
    public static final String PACKAGES = "libegl1 libegl-mesa0 libgl1-mesa-dri";

    public RenderException(String message) {
        super(message);
    }

    public RenderException(String message, Throwable cause) {
        super(message, cause);
    }

    /** What to install, for messages: the Debian packages, and that a GPU's own driver does as well. */
    static String installHint() {
        return "install EGL and an OpenGL driver: on Debian or Ubuntu, apt-get install " + PACKAGES
                + " (Mesa, which renders on the CPU where there is no GPU); a GPU vendor's driver with EGL works too";
    }
}
