package io.orrery.topic.msgs;

import java.util.List;

/** What the records share: protobuf's defaults for absent fields. */
final class Messages {

    private Messages() {
    }

    static Header orNone(Header h) {
        return h == null ? Header.NONE : h;
    }

    static <T> List<T> copy(List<T> list) {
        return list == null ? List.of() : List.copyOf(list);
    }
}
