package io.orrery.api;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/** {@code GET /api/events}: the Server-Sent Events stream (see {@link EventStream}). */
@RestController
class EventStreamController {

    private final EventStream stream;

    EventStreamController(EventStream stream) {
        this.stream = stream;
    }

    /** Events {@code state}, {@code plugins}, {@code reset}, {@code trigger}, {@code poses} and {@code stats}. */
    @GetMapping(value = "/api/events", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    SseEmitter events() {
        return stream.connect();
    }
}
