package io.orrery.system.triggeredpublisher;

import com.google.protobuf.Message;
import com.google.protobuf.TextFormat;
import io.orrery.log.LogSafe;
import io.orrery.plugin.PluginContext;
import io.orrery.plugin.ServicePort;
import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.system.gazebo.GazeboTopics;
import io.orrery.topic.msgs.MessageTypes;
import io.orrery.world.SdfElement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One {@code <service name reqType repType reqMsg timeout>} of a TriggeredPublisher: the request (protobuf's text
 * format) is parsed once, at load, and a match calls the service with it through the plugin's
 * {@link ServicePort}, logging a failure or a timeout as Gazebo does. Each attribute is required, as Gazebo's
 * Configure requires it. A call never blocks: one that changes the world is a posted runner command.
 */
final class ServiceOutput {

    /** The most {@code <service>}s one plugin may name. */
    static final int MAX_SERVICES = 64;
    /** The longest {@code reqMsg}, in characters. */
    static final int MAX_REQUEST_CHARS = 65_536;

    private final String name;
    private final Message request;
    private final String replyType;
    private final long timeoutMillis;

    private ServiceOutput(String name, Message request, String replyType, long timeoutMillis) {
        this.name = name;
        this.request = request;
        this.replyType = replyType;
        this.timeoutMillis = timeoutMillis;
    }

    /** The output {@code service} describes, checked as far as it can be without the world's services. */
    static ServiceOutput of(SdfElement service, GazeboParameters params) {
        String name = required(service, "name", params);
        try {
            name = GazeboTopics.valid(name);
        } catch (IllegalArgumentException e) {
            throw params.bad("<service name=\"" + name + "\"> is not a valid service name (" + e.getMessage() + ")");
        }
        String where = "<service name=\"" + name + "\">";
        Class<? extends Message> requestType = type(required(service, "reqType", params), where, "reqType", params);
        String replyType = required(service, "repType", params).trim();
        type(replyType, where, "repType", params);
        String text = required(service, "reqMsg", params);
        if (text.length() > MAX_REQUEST_CHARS) {
            throw params.bad(where + ": reqMsg has " + text.length() + " characters, more than the " + MAX_REQUEST_CHARS
                    + " allowed");
        }
        Message.Builder b = MessageTypes.defaultInstance(requestType).newBuilderForType();
        try {
            TextFormat.merge(text, b);
        } catch (TextFormat.ParseException e) {
            throw params.bad(where + ": reqMsg '" + text + "' is not a " + MessageTypes.nameOf(requestType)
                    + " in protobuf's text format: " + e.getMessage());
        }
        String timeout = required(service, "timeout", params).trim();
        long millis;
        try {
            millis = Integer.parseInt(timeout);
        } catch (NumberFormatException e) {
            millis = -1;
        }
        if (millis < 0) {
            throw params.bad(where + ": timeout must be a whole number of milliseconds from 0 to " + Integer.MAX_VALUE
                    + ", got '" + timeout + "'");
        }
        return new ServiceOutput(name, b.build(), replyType, millis);
    }

    private static String required(SdfElement service, String attribute, GazeboParameters params) {
        String value = service.attributes().getOrDefault(attribute, "");
        if (value.isBlank()) {
            throw params.bad("<service> needs a " + attribute + " (name, reqType, repType, reqMsg and timeout are"
                    + " all required, as in Gazebo)");
        }
        return value;
    }

    private static Class<? extends Message> type(String name, String where, String attribute, GazeboParameters params) {
        return MessageTypes.named(name.trim())
                .orElseThrow(() -> params.bad(
                        where + ": " + attribute + " '" + name.trim() + "' is not a gz-msgs message Orrery carries"));
    }

    String name() {
        return name;
    }

    /**
     * Refuses a request or reply type other than the service's own (Gazebo's call would fail on the wire, every
     * time it is made).
     */
    void check(ServicePort.Service offered, GazeboParameters params) {
        String requestType = request.getDescriptorForType().getFullName();
        String wantRequest = offered.request().getFullName();
        String wantReply = offered.response().getFullName();
        if (!requestType.equals(wantRequest) || !replyType.equals(wantReply)) {
            throw params.bad("<service name=\"" + name + "\"> takes a " + wantRequest + " and answers a " + wantReply
                    + ", not reqType " + requestType + " and repType " + replyType);
        }
    }

    /** Calls the service for world {@code world}; the outcome is logged when it comes. */
    void call(PluginContext ctx, String world) {
        CompletableFuture<Message> answer;
        try {
            answer = ctx.services().call(world, name, request);
        } catch (RuntimeException e) {
            answer = CompletableFuture.failedFuture(e);
        }
        answer.orTimeout(timeoutMillis, TimeUnit.MILLISECONDS).whenComplete((reply, error) -> {
            if (error == null) {
                ctx.logger().debug("Service call [{}] succeeded", name);
            } else if (cause(error) instanceof TimeoutException) {
                ctx.logger()
                        .warn(
                                "Service call [{}] timed out after {} ms (a world change may still be applied)",
                                name,
                                timeoutMillis);
            } else {
                ctx.logger()
                        .warn(
                                "Service call [{}] failed: {}",
                                name,
                                LogSafe.of(cause(error).getMessage()));
            }
        });
    }

    private static Throwable cause(Throwable t) {
        while (t instanceof java.util.concurrent.CompletionException && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }
}
