package io.orrery.topic.msgs;

/**
 * gz.msgs.Boolean: one flag. Named as in gz.msgs; it hides {@code java.lang.Boolean} where it is imported.
 *
 * @param header stamp and data
 * @param data the flag
 */
public record Boolean(Header header, boolean data) {

    public Boolean {
        header = Messages.orNone(header);
    }
}
