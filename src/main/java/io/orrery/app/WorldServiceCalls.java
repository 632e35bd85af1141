package io.orrery.app;

import com.google.protobuf.Message;
import com.gz.msgs.BoolProtos;
import com.gz.msgs.EmptyProtos;
import com.gz.msgs.EntityFactoryProtos.EntityFactory;
import com.gz.msgs.EntityProtos.Entity;
import com.gz.msgs.PoseProtos;
import com.gz.msgs.SceneProtos.Scene;
import com.gz.msgs.SerializedMap.SerializedStepMap;
import com.gz.msgs.StringMsgVProtos.StringMsg_V;
import com.gz.msgs.WorldControlProtos;
import com.gz.msgs.WorldControlStateProtos.WorldControlState;
import io.orrery.plugin.ServicePort;
import io.orrery.runner.port.RunReads;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * gz sim's world interface as services, written once for every caller: gz-transport's ({@code transport.gz}
 * translates bytes to these messages) and plugins' ({@link ServicePort}, Gazebo's TriggeredPublisher). The services
 * are {@code /gazebo/worlds} and, under {@code /world/<w>/}: {@code scene/info}, {@code state}, {@code control},
 * {@code control/state}, {@code create}, {@code remove} and {@code set_pose}; those that change the world are runner
 * commands through the use cases the HTTP API uses, refused with the same words, and never waited for here.
 */
public final class WorldServiceCalls implements ServicePort {

    /**
     * One service with what answers it.
     *
     * @param name its name, unqualified
     * @param request an instance of its request type (what a caller's bytes are parsed with)
     * @param response an instance of its response type
     * @param changesWorld true when it is a runner command that changes the world
     * @param handler answers a request of the request type
     */
    public record Call(
            String name,
            Message request,
            Message response,
            boolean changesWorld,
            Function<Message, CompletableFuture<? extends Message>> handler) {

        /** What the plugins' port lists of it. */
        public ServicePort.Service service() {
            return new ServicePort.Service(name, request.getDescriptorForType(), response.getDescriptorForType());
        }
    }

    private static final BoolProtos.Boolean TRUE =
            BoolProtos.Boolean.newBuilder().setData(true).build();

    private final RunReads world;
    private final WorldControlCall control;
    private final EntityCalls entities;
    private final SceneCalls scene;

    public WorldServiceCalls(Worlds worlds, WorldControl control, Models models) {
        this.world = worlds.get(WorldId.DEFAULT).reads();
        this.control = new WorldControlCall(control);
        this.entities = new EntityCalls(models, world);
        this.scene = new SceneCalls(world);
    }

    /** The services of the world loaded now (only {@code /gazebo/worlds} before it has loaded). */
    public List<Call> calls() {
        return calls(world.status().worldName().orElse(null));
    }

    /** The services of a world named {@code name} ({@code /gazebo/worlds} alone for none). */
    public List<Call> calls(String name) {
        List<Call> list = new ArrayList<>();
        list.add(new Call(
                "/gazebo/worlds",
                EmptyProtos.Empty.getDefaultInstance(),
                StringMsg_V.getDefaultInstance(),
                false,
                r -> CompletableFuture.completedFuture(StringMsg_V.newBuilder()
                        .addAllData(world.status().worldName().stream().toList())
                        .build())));
        if (name == null || name.isEmpty()) {
            return list;
        }
        String w = "/world/" + name;
        list.add(new Call(
                w + "/scene/info",
                EmptyProtos.Empty.getDefaultInstance(),
                Scene.getDefaultInstance(),
                false,
                r -> CompletableFuture.completedFuture(scene.scene())));
        list.add(new Call(
                w + "/state",
                EmptyProtos.Empty.getDefaultInstance(),
                SerializedStepMap.getDefaultInstance(),
                false,
                r -> CompletableFuture.completedFuture(scene.state())));
        list.add(new Call(
                w + "/control",
                WorldControlProtos.WorldControl.getDefaultInstance(),
                BoolProtos.Boolean.getDefaultInstance(),
                true,
                r -> answer(control.apply((WorldControlProtos.WorldControl) r))));
        list.add(new Call(
                w + "/control/state",
                WorldControlState.getDefaultInstance(),
                BoolProtos.Boolean.getDefaultInstance(),
                true,
                r -> controlState((WorldControlState) r)));
        list.add(new Call(
                w + "/create",
                EntityFactory.getDefaultInstance(),
                BoolProtos.Boolean.getDefaultInstance(),
                true,
                r -> answer(entities.create((EntityFactory) r))));
        list.add(new Call(
                w + "/remove",
                Entity.getDefaultInstance(),
                BoolProtos.Boolean.getDefaultInstance(),
                true,
                r -> answer(entities.remove((Entity) r))));
        list.add(new Call(
                w + "/set_pose",
                PoseProtos.Pose.getDefaultInstance(),
                BoolProtos.Boolean.getDefaultInstance(),
                true,
                r -> answer(entities.setPose((PoseProtos.Pose) r))));
        return list;
    }

    @Override
    public List<ServicePort.Service> services(String worldName) {
        return calls(worldName).stream().map(Call::service).toList();
    }

    /**
     * Calls {@code service} as a plugin of {@code worldName} asks: a request of another type than the service's is
     * refused naming both, as is a service this world does not offer.
     */
    @Override
    public CompletableFuture<Message> call(String worldName, String service, Message request) {
        for (Call c : calls(worldName)) {
            if (c.name().equals(service)) {
                if (!request.getDescriptorForType().equals(c.request().getDescriptorForType())) {
                    return CompletableFuture.failedFuture(new IllegalArgumentException(service + " takes a "
                            + c.request().getDescriptorForType().getFullName() + ", not a "
                            + request.getDescriptorForType().getFullName()));
                }
                try {
                    return c.handler().apply(request).thenApply(Message.class::cast);
                } catch (RuntimeException e) {
                    return CompletableFuture.failedFuture(e);
                }
            }
        }
        return CompletableFuture.failedFuture(new IllegalArgumentException("no service '" + service
                + "' is offered for world '" + worldName + "'; Orrery offers "
                + calls(worldName).stream().map(Call::name).toList()));
    }

    private CompletableFuture<BoolProtos.Boolean> controlState(WorldControlState s) {
        if (s.hasState() && s.getState().getEntitiesCount() > 0) {
            return CompletableFuture.failedFuture(new IllegalArgumentException(
                    "setting a serialized state is not supported; send the world_control part alone"));
        }
        return answer(control.apply(s.getWorldControl()));
    }

    private static CompletableFuture<BoolProtos.Boolean> answer(CompletableFuture<?> command) {
        return command.thenApply(x -> TRUE);
    }
}
