package io.orrery.topic.msgs;

import java.util.List;

/**
 * gz.msgs.Contacts: a contact sensor's reading.
 *
 * @param header stamp and data
 * @param contact every contact
 */
public record Contacts(Header header, List<Contact> contact) {

    public Contacts {
        header = Messages.orNone(header);
        contact = Messages.copy(contact);
    }
}
