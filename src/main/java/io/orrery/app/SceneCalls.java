package io.orrery.app;

import com.gz.msgs.LinkProtos;
import com.gz.msgs.ModelProtos;
import com.gz.msgs.SceneProtos.Scene;
import com.gz.msgs.SerializedMap.SerializedEntityMap;
import com.gz.msgs.SerializedMap.SerializedStateMap;
import com.gz.msgs.SerializedMap.SerializedStepMap;
import com.gz.msgs.WorldStatsProtos.WorldStatistics;
import io.orrery.physics.LinkState;
import io.orrery.physics.ModelState;
import io.orrery.plugin.WorldSnapshot;
import io.orrery.runner.port.RunReads;
import io.orrery.runner.port.SimulationStatus;
import io.orrery.topic.msgs.EntityIds;
import io.orrery.topic.msgs.Messages;
import io.orrery.world.Pose;

/**
 * {@code scene/info} and {@code state} from the runner's snapshot: the models (name, id, static, pose in the world)
 * with their links (pose relative to the model, as gz sim gives it); the state's statistics and entity ids. gz sim's
 * serialized components are not reproduced (their type ids are gz sim's own), so the state's entities carry none.
 */
final class SceneCalls {

    private final RunReads world;

    SceneCalls(RunReads world) {
        this.world = world;
    }

    Scene scene() {
        WorldSnapshot snap = world.snapshot();
        Scene.Builder s = Scene.newBuilder().setName(snap.world());
        for (ModelState m : snap.models()) {
            ModelProtos.Model.Builder model = ModelProtos.Model.newBuilder()
                    .setName(m.name())
                    .setId((int) EntityIds.id(m.name()))
                    .setIsStatic(m.isStatic())
                    .setPose(Messages.pose(m.pose()));
            Pose inverse = m.pose().inverse();
            for (LinkState l : m.links()) {
                String scoped = m.name() + "::" + l.name();
                model.addLink(LinkProtos.Link.newBuilder()
                        .setName(l.name())
                        .setId((int) EntityIds.id(scoped))
                        .setPose(Messages.pose(inverse.compose(l.pose()))));
            }
            s.addModel(model);
        }
        return s.build();
    }

    SerializedStepMap state() {
        SimulationStatus st = world.status();
        WorldSnapshot snap = world.snapshot();
        SerializedStateMap.Builder state = SerializedStateMap.newBuilder();
        state.putEntities(
                EntityIds.WORLD,
                SerializedEntityMap.newBuilder().setId(EntityIds.WORLD).build());
        for (ModelState m : snap.models()) {
            long id = EntityIds.id(m.name());
            state.putEntities(id, SerializedEntityMap.newBuilder().setId(id).build());
        }
        WorldStatistics stats = WorldStatistics.newBuilder()
                .setSimTime(Messages.time(st.simTimeNanos()))
                .setIterations(st.iterations())
                .setPaused(st.paused())
                .setModelCount(snap.models().size())
                .setRealTimeFactor(st.achievedRealTimeFactor())
                .setStepSize(Messages.time(st.stepSizeNanos()))
                .build();
        return SerializedStepMap.newBuilder().setStats(stats).setState(state).build();
    }
}
