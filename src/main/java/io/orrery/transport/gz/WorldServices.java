package io.orrery.transport.gz;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.gz.msgs.BoolProtos;
import com.gz.msgs.EmptyProtos;
import com.gz.msgs.EntityFactoryProtos.EntityFactory;
import com.gz.msgs.EntityProtos.Entity;
import com.gz.msgs.PoseProtos;
import com.gz.msgs.SceneProtos.Scene;
import com.gz.msgs.SerializedMap.SerializedStepMap;
import com.gz.msgs.StringMsgVProtos.StringMsg_V;
import com.gz.msgs.WorldControlProtos.WorldControl;
import com.gz.msgs.WorldControlStateProtos.WorldControlState;
import io.orrery.app.Models;
import io.orrery.runner.port.RunReads;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * gz sim's world interface as services: {@code /gazebo/worlds}, and under {@code /world/<w>/}: {@code control},
 * {@code control/state}, {@code create}, {@code remove}, {@code set_pose}, {@code scene/info}, {@code state}. A call
 * that changes the world is a runner command, refused as over HTTP with the same words; those are offered only when
 * control is allowed ({@code orrery.transport.allow-control}, or no {@code orrery.api.token}).
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

    private static final BoolProtos.Boolean TRUE =
            BoolProtos.Boolean.newBuilder().setData(true).build();

    private final RunReads world;
    private final WorldControlCall control;
    private final EntityCalls entities;
    private final SceneCalls scene;
    private final boolean controlAllowed;

    WorldServices(RunReads world, io.orrery.app.WorldControl control, Models models, boolean controlAllowed) {
        this.world = world;
        this.control = new WorldControlCall(control);
        this.entities = new EntityCalls(models, world);
        this.scene = new SceneCalls(world);
        this.controlAllowed = controlAllowed;
    }

    /** The services offered for the world loaded now (none before it has loaded). */
    List<Service> services() {
        List<Service> list = new ArrayList<>();
        String name = world.status().worldName().orElse(null);
        list.add(new Service(
                "/gazebo/worlds",
                EmptyProtos.Empty.getDescriptor(),
                StringMsg_V.getDescriptor(),
                false,
                r -> CompletableFuture.completedFuture(StringMsg_V.newBuilder()
                        .addAllData(world.status().worldName().stream().toList())
                        .build())));
        if (name == null || GzNames.topicProblem("/world/" + name) != null) {
            return list;
        }
        String w = "/world/" + name;
        list.add(new Service(
                w + "/scene/info",
                EmptyProtos.Empty.getDescriptor(),
                Scene.getDescriptor(),
                false,
                r -> CompletableFuture.completedFuture(scene.scene())));
        list.add(new Service(
                w + "/state",
                EmptyProtos.Empty.getDescriptor(),
                SerializedStepMap.getDescriptor(),
                false,
                r -> CompletableFuture.completedFuture(scene.state())));
        if (!controlAllowed) {
            return list;
        }
        list.add(new Service(
                w + "/control",
                WorldControl.getDescriptor(),
                BoolProtos.Boolean.getDescriptor(),
                true,
                r -> answer(control.apply(WorldControl.parseFrom(r)))));
        list.add(new Service(
                w + "/control/state",
                WorldControlState.getDescriptor(),
                BoolProtos.Boolean.getDescriptor(),
                true,
                r -> controlState(WorldControlState.parseFrom(r))));
        list.add(new Service(
                w + "/create",
                EntityFactory.getDescriptor(),
                BoolProtos.Boolean.getDescriptor(),
                true,
                r -> answer(entities.create(EntityFactory.parseFrom(r)))));
        list.add(new Service(
                w + "/remove",
                Entity.getDescriptor(),
                BoolProtos.Boolean.getDescriptor(),
                true,
                r -> answer(entities.remove(Entity.parseFrom(r)))));
        list.add(new Service(
                w + "/set_pose",
                PoseProtos.Pose.getDescriptor(),
                BoolProtos.Boolean.getDescriptor(),
                true,
                r -> answer(entities.setPose(PoseProtos.Pose.parseFrom(r)))));
        return list;
    }

    private CompletableFuture<BoolProtos.Boolean> controlState(WorldControlState s) {
        if (s.hasState() && s.getState().getEntitiesCount() > 0) {
            return CompletableFuture.failedFuture(new IllegalArgumentException(
                    "setting a serialized state is not" + " supported; send the world_control part alone"));
        }
        return answer(control.apply(s.getWorldControl()));
    }

    private static CompletableFuture<BoolProtos.Boolean> answer(CompletableFuture<?> command) {
        return command.thenApply(x -> TRUE);
    }
}
