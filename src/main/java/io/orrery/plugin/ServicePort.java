package io.orrery.plugin;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Message;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The world services Orrery offers (gz sim's {@code /world/<w>/set_pose}, {@code create}, {@code control} and the
 * rest), called in-process by a plugin, as Gazebo's systems call them over gz-transport. The same use cases answer
 * them as answer gz-transport's callers ({@code io.orrery.app}). Any thread; a call never blocks: a call that changes
 * the world is a runner command, posted and applied between steps, so a plugin on the runner thread must not wait for
 * its answer there.
 */
public interface ServicePort {

    /** A port that offers nothing (a host with no application around it, such as a bare runner). */
    ServicePort NONE = new ServicePort() {
        @Override
        public List<Service> services(String world) {
            return List.of();
        }

        @Override
        public CompletableFuture<Message> call(String world, String service, Message request) {
            return CompletableFuture.failedFuture(
                    new IllegalArgumentException("no services are offered here, so not '" + service + "'"));
        }
    };

    /** The services Orrery offers under {@code /world/<w>/}, as gz sim names them. */
    List<String> WORLD_SERVICES =
            List.of("scene/info", "state", "control", "control/state", "create", "remove", "set_pose");

    /**
     * The names of the services Orrery's application offers for a world named {@code world} ({@code /gazebo/worlds}
     * and {@link #WORLD_SERVICES} under {@code /world/<world>/}), known before any port exists, so that a world file
     * naming another can be told at load.
     */
    static List<String> offeredNames(String world) {
        List<String> names = new java.util.ArrayList<>();
        names.add("/gazebo/worlds");
        WORLD_SERVICES.forEach(s -> names.add("/world/" + world + "/" + s));
        return List.copyOf(names);
    }

    /**
     * One service, as gz-transport lists it.
     *
     * @param name its name ({@code /world/shapes/set_pose})
     * @param request the request's message type
     * @param response the response's message type
     */
    record Service(String name, Descriptor request, Descriptor response) {}

    /** The services offered for the world named {@code world}, in a stable order. */
    List<Service> services(String world);

    /** The service of that name offered for {@code world}, if any. */
    default Optional<Service> service(String world, String name) {
        return services(world).stream().filter(s -> s.name().equals(name)).findFirst();
    }

    /**
     * Calls {@code service} of {@code world} with {@code request} (of the service's request type); the future
     * answers the response once the call has been applied, or fails with the reason it was refused (the same words
     * as over HTTP).
     */
    CompletableFuture<Message> call(String world, String service, Message request);
}
