package io.orrery.transport.gz;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import io.orrery.app.WorldServiceCalls;
import io.orrery.runner.port.RunReads;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * gz sim's world interface as gz-transport services: the calls of {@link WorldServiceCalls} (the use case plugins
 * call too), their requests parsed from the wire. Those that change the world are offered only when control is
 * allowed ({@code orrery.transport.allow-control}, or no {@code orrery.api.token}); none under a world name that is
 * not a valid gz-transport topic.
 */
final class WorldServices {

    /** What a call parses its request with and answers. */
    @FunctionalInterface
    interface Handler {
        CompletableFuture<? extends Message> call(byte[] request) throws InvalidProtocolBufferException;
    }

    /**
     * One service.
     *
     * @param name its name, unqualified
     * @param changesWorld true when it is a runner command that changes the world
     */
    record Service(String name, Descriptor request, Descriptor response, boolean changesWorld, Handler handler) {}

    private final RunReads world;
    private final WorldServiceCalls calls;
    private final boolean controlAllowed;

    WorldServices(RunReads world, WorldServiceCalls calls, boolean controlAllowed) {
        this.world = world;
        this.calls = calls;
        this.controlAllowed = controlAllowed;
    }

    /** The services offered for the world loaded now (none under {@code /world/} before it has loaded). */
    List<Service> services() {
        String name = world.status().worldName().orElse(null);
        if (name != null && GzNames.topicProblem("/world/" + name) != null) {
            name = null;
        }
        List<Service> list = new ArrayList<>();
        for (WorldServiceCalls.Call c : calls.calls(name)) {
            if (c.changesWorld() && !controlAllowed) {
                continue;
            }
            list.add(new Service(
                    c.name(),
                    c.request().getDescriptorForType(),
                    c.response().getDescriptorForType(),
                    c.changesWorld(),
                    bytes -> c.handler().apply(c.request().getParserForType().parseFrom(bytes))));
        }
        return list;
    }
}
