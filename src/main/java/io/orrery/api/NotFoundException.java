package io.orrery.api;

/** Something the request names that is not there (a plugin, a command); answered 404. */
final class NotFoundException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    NotFoundException(String message) {
        super(message);
    }
}
