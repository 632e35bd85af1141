package io.orrery.api;

import io.orrery.app.WorldId;
import io.orrery.app.Worlds;
import io.orrery.runner.port.RunReads;
import io.orrery.trigger.FiredTrigger;
import io.orrery.trigger.Trigger;
import io.orrery.trigger.TriggerSpec;
import java.time.Instant;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** Triggers in Cloe's form: the armed ones, adding one, and the history of those that fired. */
@RestController
@RequestMapping("/api/triggers")
class TriggerController {

    private final RunReads reads;
    private final int maxTriggers;

    TriggerController(Worlds worlds, ApiProperties properties) {
        this.reads = worlds.get(WorldId.DEFAULT).reads();
        this.maxTriggers = properties.maxTriggers();
    }

    @GetMapping
    List<TriggerJson> list() {
        return reads.triggers().list().stream().map(TriggerJson::of).toList();
    }

    /**
     * Arms a trigger, e.g. {@code {"event": "time=10.5", "action": "stop", "label": "end", "sticky": false}}; 409
     * when the runner holds {@code orrery.api.max-triggers} triggers from the API already.
     */
    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    TriggerJson add(@RequestBody TriggerSpec spec) {
        if (spec == null || spec.event() == null || spec.action() == null) {
            throw new IllegalArgumentException("a trigger needs an \"event\" (e.g. \"time=10.5\", \"start\") and an"
                    + " \"action\" (e.g. \"stop\", \"realtime_factor=2\"); \"label\" and \"sticky\" are optional");
        }
        Trigger trigger = spec.parse(Trigger.SOURCE_API);
        if (!reads.triggers().addUnlessFull(trigger, maxTriggers)) {
            throw new TooManyTriggersException(maxTriggers);
        }
        return TriggerJson.of(trigger);
    }

    @GetMapping("/history")
    List<FiredJson> history() {
        return reads.triggers().history().stream().map(FiredJson::of).toList();
    }

    /** The runner holds as many triggers from the API as {@code orrery.api.max-triggers} allows: 409. */
    static final class TooManyTriggersException extends RuntimeException {

        private static final long serialVersionUID = 1L;

        private final int max;

        TooManyTriggersException(int max) {
            super(max + " triggers added through the API are held, the most orrery.api.max-triggers allows; a"
                    + " non-sticky trigger leaves once it fires, a reload does not clear them");
            this.max = max;
        }

        int max() {
            return max;
        }
    }

    /** An armed trigger; {@code source} is config, api, or plugin:&lt;name&gt;. */
    record TriggerJson(String label, String event, String action, boolean sticky, String source) {
        static TriggerJson of(Trigger t) {
            return new TriggerJson(t.label(), t.event().form(), t.action().form(), t.sticky(), t.source());
        }
    }

    /** A trigger that fired: at which sim time (seconds) and wall time. */
    record FiredJson(String label, String event, String action, double simTime, Instant wallTime) {
        static FiredJson of(FiredTrigger f) {
            return new FiredJson(f.label(), f.event().form(), f.action().form(), f.simTimeNanos() / 1e9, f.wallTime());
        }
    }
}
