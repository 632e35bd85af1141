package io.orrery.trigger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.orrery.trigger.TriggerAction.Command;
import io.orrery.trigger.TriggerAction.Kind;
import io.orrery.trigger.TriggerAction.Log;
import io.orrery.trigger.TriggerAction.LogLevel;
import io.orrery.trigger.TriggerAction.RealtimeFactor;
import io.orrery.trigger.TriggerEvent.Loop;
import io.orrery.trigger.TriggerEvent.Next;
import io.orrery.trigger.TriggerEvent.OnLifecycle;
import io.orrery.trigger.TriggerEvent.Time;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class TriggerTests {

    @Test
    void parsesEveryEventForm() {
        assertThat(TriggerEvent.parse("time=10.5")).isEqualTo(new Time(10_500_000_000L));
        assertThat(TriggerEvent.parse("time=0")).isEqualTo(new Time(0));
        assertThat(TriggerEvent.parse(" time = 3 ")).isEqualTo(new Time(3_000_000_000L));
        assertThat(TriggerEvent.parse("time=1e-9")).isEqualTo(new Time(1));
        assertThat(TriggerEvent.parse("time=0.000000001")).isEqualTo(new Time(1));
        assertThat(TriggerEvent.parse("start")).isEqualTo(new OnLifecycle(LifecycleEventKind.START));
        assertThat(TriggerEvent.parse("stop")).isEqualTo(new OnLifecycle(LifecycleEventKind.STOP));
        assertThat(TriggerEvent.parse("pause")).isEqualTo(new OnLifecycle(LifecycleEventKind.PAUSE));
        assertThat(TriggerEvent.parse("resume")).isEqualTo(new OnLifecycle(LifecycleEventKind.RESUME));
        assertThat(TriggerEvent.parse("reset")).isEqualTo(new OnLifecycle(LifecycleEventKind.RESET));
        assertThat(TriggerEvent.parse("next")).isEqualTo(new Next());
        assertThat(TriggerEvent.parse("loop")).isEqualTo(new Loop());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "time=10.5",
                "time=0",
                "time=0.000000001",
                "time=3600",
                "start",
                "stop",
                "pause",
                "resume",
                "reset",
                "next",
                "loop"
            })
    void eventFormsReadBackAsWritten(String form) {
        assertThat(TriggerEvent.parse(form).form()).isEqualTo(form);
    }

    @ParameterizedTest
    @ValueSource(strings = {"tim=3", "Start", "start=1", "time", "every", "loop=2", "time:3"})
    void refusesUnknownEventsNamingTheStringAndTheForms(String bad) {
        assertThatThrownBy(() -> TriggerEvent.parse(bad))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown trigger event '" + bad + "'; expected one of: "
                        + "time=<seconds>, start, stop, pause, resume, reset, next, loop");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "time=abc|'abc' is not a number of seconds",
                "time=|'' is not a number of seconds",
                "time=NaN|'NaN' is not a number of seconds",
                "time=-1|the time is negative",
                "time=0.0000000001|'0.0000000001' is finer than a nanosecond",
                "time=1e30|'1e30' is too large (at most 9223372036 s)"
            })
    void refusesBadTimes(String bad, String reason) {
        assertThatThrownBy(() -> TriggerEvent.parse(bad))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("bad trigger event '" + bad + "': " + reason)
                .hasMessageEndingWith("expected time=<seconds> with seconds >= 0, e.g. time=10.5");
    }

    @Test
    void refusesMissingEvent() {
        assertThatThrownBy(() -> TriggerEvent.parse(null)).hasMessageStartingWith("trigger event is missing");
        assertThatThrownBy(() -> TriggerEvent.parse("  ")).hasMessageStartingWith("trigger event is missing");
    }

    @Test
    void parsesEveryActionForm() {
        assertThat(TriggerAction.parse("pause")).isEqualTo(new Command(Kind.PAUSE));
        assertThat(TriggerAction.parse("resume")).isEqualTo(new Command(Kind.RESUME));
        assertThat(TriggerAction.parse("stop")).isEqualTo(new Command(Kind.STOP));
        assertThat(TriggerAction.parse("succeed")).isEqualTo(new Command(Kind.SUCCEED));
        assertThat(TriggerAction.parse("fail")).isEqualTo(new Command(Kind.FAIL));
        assertThat(TriggerAction.parse("reset")).isEqualTo(new Command(Kind.RESET));
        assertThat(TriggerAction.parse("realtime_factor=2")).isEqualTo(new RealtimeFactor(2.0));
        assertThat(TriggerAction.parse("realtime_factor=0.5")).isEqualTo(new RealtimeFactor(0.5));
        assertThat(TriggerAction.parse("realtime_factor = 0")).isEqualTo(new RealtimeFactor(0.0));
        assertThat(TriggerAction.parse("realtime_factor=0.001")).isEqualTo(new RealtimeFactor(0.001));
        // above 0 but so small the runner would wait for ages for its next step, and its commands with it
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> TriggerAction.parse("realtime_factor=1e-300"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("below 0.001");
        assertThat(TriggerAction.parse("log=info: hello world")).isEqualTo(new Log(LogLevel.INFO, "hello world"));
        assertThat(TriggerAction.parse("log=warn:tight")).isEqualTo(new Log(LogLevel.WARN, "tight"));
        assertThat(TriggerAction.parse("log=error: a: b")).isEqualTo(new Log(LogLevel.ERROR, "a: b"));
        assertThat(TriggerAction.parse("log=trace: t")).isEqualTo(new Log(LogLevel.TRACE, "t"));
        assertThat(TriggerAction.parse("log=debug: d")).isEqualTo(new Log(LogLevel.DEBUG, "d"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "pause",
                "resume",
                "stop",
                "succeed",
                "fail",
                "reset",
                "realtime_factor=2",
                "realtime_factor=0.25",
                "realtime_factor=0",
                "log=info: hello world",
                "log=error: x=1: failed"
            })
    void actionFormsReadBackAsWritten(String form) {
        assertThat(TriggerAction.parse(form).form()).isEqualTo(form);
    }

    @ParameterizedTest
    @ValueSource(strings = {"jump", "Stop", "stop=1", "realtime", "logs=info: x"})
    void refusesUnknownActionsNamingTheStringAndTheForms(String bad) {
        assertThatThrownBy(() -> TriggerAction.parse(bad))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown trigger action '" + bad + "'; expected one of: pause, resume, stop, succeed, "
                        + "fail, reset, realtime_factor=<x >= 0>, "
                        + "log=<level>: <message> (level one of trace, debug, info, warn, error)");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "realtime_factor=-1|the factor is negative|realtime_factor=<x> with x >= 0",
                "realtime_factor=abc|'abc' is not a number|realtime_factor=<x> with x >= 0",
                "realtime_factor=Infinity|'Infinity' is not a number|realtime_factor=<x> with x >= 0",
                "realtime_factor|no factor given|realtime_factor=<x> with x >= 0",
                "realtime_factor=|no factor given|realtime_factor=<x> with x >= 0",
                "log=loud: x|unknown log level 'loud'|log=<level>: <message>",
                "log=INFO: x|unknown log level 'INFO'|log=<level>: <message>",
                "log=info|no '<level>:' given|log=<level>: <message>",
                "log|no '<level>:' given|log=<level>: <message>",
                "log=info:   |the message is empty|log=<level>: <message>"
            })
    void refusesBadActionArguments(String bad, String reason, String expectedForm) {
        assertThatThrownBy(() -> TriggerAction.parse(bad))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("bad trigger action '" + bad + "': " + reason)
                .hasMessageContaining("expected " + expectedForm);
    }

    @Test
    void refusesMissingAction() {
        assertThatThrownBy(() -> TriggerAction.parse(null)).hasMessageStartingWith("trigger action is missing");
    }

    @Test
    void specParsesIntoATriggerWithDefaults() {
        Trigger t = new TriggerSpec(null, "time=10.5", "stop", null).parse(Trigger.SOURCE_CONFIG);

        assertThat(t).isEqualTo(new Trigger(null, new Time(10_500_000_000L), new Command(Kind.STOP), false, "config"));
        assertThat(t.fromConfiguration()).isTrue();
        assertThat(t.displayName()).isEqualTo("time=10.5 -> stop");
    }

    @Test
    void specKeepsLabelAndStickiness() {
        Trigger t = new TriggerSpec(" slow down ", "pause", "realtime_factor=0.5", true).parse(Trigger.SOURCE_API);

        assertThat(t.label()).isEqualTo("slow down");
        assertThat(t.displayName()).isEqualTo("slow down");
        assertThat(t.sticky()).isTrue();
        assertThat(t.fromConfiguration()).isFalse();
        assertThat(t.source()).isEqualTo("api");
    }

    @Test
    void loopIsAlwaysSticky() {
        assertThat(new TriggerSpec(null, "loop", "log=info: tick", false)
                        .parse("api")
                        .sticky())
                .isTrue();
        assertThat(new TriggerSpec(null, "next", "log=info: tick", false)
                        .parse("api")
                        .sticky())
                .isFalse();
    }

    @Test
    void specRefusalsNameTheTrigger() {
        assertThatThrownBy(() -> new TriggerSpec("end", "time=ten", "stop", null).parse("config"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("trigger 'end': bad trigger event 'time=ten'");
        assertThatThrownBy(() -> new TriggerSpec(null, "stop", "explode", null).parse("config"))
                .hasMessageStartingWith("trigger: unknown trigger action 'explode'");
        assertThatThrownBy(() -> new TriggerSpec(null, null, "stop", null).parse("config"))
                .hasMessageStartingWith("trigger: trigger event is missing");
    }

    @Test
    void specOfATriggerReadsBackToIt() {
        Trigger t = new Trigger("x", new Time(1_250_000_000L), new Log(LogLevel.WARN, "late"), true, "plugin:foo");

        TriggerSpec spec = TriggerSpec.of(t);

        assertThat(spec).isEqualTo(new TriggerSpec("x", "time=1.25", "log=warn: late", true));
        assertThat(spec.parse("plugin:foo")).isEqualTo(t);
    }

    @Test
    void triggerRefusesMissingPartsAndBlankSource() {
        assertThatThrownBy(() -> new Trigger(null, new Next(), new Command(Kind.STOP), false, " "))
                .hasMessage("trigger source must not be empty");
        assertThatThrownBy(() -> new Trigger(null, null, new Command(Kind.STOP), false, "api"))
                .isInstanceOf(NullPointerException.class);
        assertThat(new Trigger("  ", new Next(), new Command(Kind.STOP), false, "api").label())
                .isNull();
    }

    @Test
    void recordsRefuseImpossibleValues() {
        assertThatThrownBy(() -> new Time(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RealtimeFactor(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RealtimeFactor(-0.1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Log(LogLevel.INFO, "")).isInstanceOf(IllegalArgumentException.class);
    }
}
