package io.orrery.runner.port;

/**
 * A controller's hold changed: the payload of the {@code control} event.
 *
 * @param event {@code acquired} or {@code released}
 * @param holder who held it, as it named itself
 * @param reason why it was released: by its holder, its connection closed or went silent, by an operator
 */
public record ControlEvent(String event, String holder, String reason) {}
