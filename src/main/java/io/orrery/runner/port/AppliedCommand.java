package io.orrery.runner.port;

import com.google.protobuf.Message;
import java.util.Objects;
import java.util.Optional;

/**
 * A command from outside the loop that the runner applied, as a recording keeps it to run the world again.
 *
 * @param name the command's name ({@code publish}, {@code reset}, {@code spawn} ...)
 * @param topic the topic a publish went to; empty for other commands
 * @param message the message a publish carried; empty for other commands
 */
public record AppliedCommand(String name, Optional<String> topic, Optional<Message> message) {

    public AppliedCommand {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(message, "message");
    }

    /** A command without data. */
    public static AppliedCommand named(String name) {
        return new AppliedCommand(name, Optional.empty(), Optional.empty());
    }

    /** A message published on {@code topic} from outside the loop. */
    public static AppliedCommand publish(String topic, Message message) {
        return new AppliedCommand("publish", Optional.of(topic), Optional.of(message));
    }
}
