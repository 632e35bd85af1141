package io.orrery.api;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import java.util.Set;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /api/events}: the Server-Sent Events stream (see {@link EventStream}). */
@RestController
class EventStreamController {

    private final EventStream stream;

    EventStreamController(EventStream stream) {
        this.stream = stream;
    }

    /**
     * Events {@code state}, {@code plugins}, {@code reset}, {@code trigger}, {@code control}, {@code poses} and
     * {@code stats} (with {@code events=state,stats} only those); and {@code topic} for each {@code topic} parameter
     * (repeatable), at most {@code maxRate} messages a second on each.
     */
    @GetMapping(value = "/api/events", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    void events(
            @RequestParam(name = "events", required = false) Set<String> events,
            @RequestParam(name = "topic", required = false) List<String> topics,
            @RequestParam(defaultValue = "20") double maxRate,
            HttpServletRequest request,
            HttpServletResponse response)
            throws IOException {
        stream.connect(
                request, response, events == null ? Set.of() : events, topics == null ? List.of() : topics, maxRate);
    }
}
