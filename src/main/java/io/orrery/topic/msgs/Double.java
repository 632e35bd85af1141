package io.orrery.topic.msgs;

/**
 * gz.msgs.Double: one number, such as a joint's position target. Named as in gz.msgs; it hides
 * {@code java.lang.Double} where it is imported, so refer to it as {@code msgs.Double} if both are needed.
 *
 * @param header stamp and data
 * @param data the number
 */
public record Double(Header header, double data) {

    public Double {
        header = Messages.orNone(header);
    }
}
