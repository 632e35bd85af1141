package io.orrery.transport.gz;

import com.gz.msgs.LinkProtos;
import com.gz.msgs.ModelProtos;
import com.gz.msgs.PoseProtos;
import com.gz.msgs.QuaternionProtos;
import com.gz.msgs.SceneProtos.Scene;
import com.gz.msgs.SerializedMap.SerializedEntityMap;
import com.gz.msgs.SerializedMap.SerializedStateMap;
import com.gz.msgs.SerializedMap.SerializedStepMap;
import com.gz.msgs.TimeProtos;
import com.gz.msgs.Vector3dProtos;
import com.gz.msgs.WorldStatsProtos.WorldStatistics;
import io.orrery.physics.LinkState;
import io.orrery.physics.ModelState;
import io.orrery.plugin.WorldSnapshot;
import io.orrery.runner.SimulationRunner;
import io.orrery.runner.SimulationStatus;
import io.orrery.system.gazebo.GazeboEntities;
import io.orrery.world.Pose;

/**
 * {@code scene/info} and {@code state} from the runner's snapshot: the models (name, id, static, pose in the world)
 * with their links (pose relative to the model, as gz sim gives it); the state's statistics and entity ids. gz sim's
 * serialized components are not reproduced (their type ids are gz sim's own), so the state's entities carry none.
 */
final class SceneCalls {

    private final SimulationRunner runner;

    SceneCalls(SimulationRunner runner) {
        this.runner = runner;
    }

    Scene scene() {
        WorldSnapshot snap = runner.snapshot();
        Scene.Builder s = Scene.newBuilder().setName(snap.world());
        for (ModelState m : snap.models()) {
            ModelProtos.Model.Builder model = ModelProtos.Model.newBuilder()
                    .setName(m.name())
                    .setId((int) GazeboEntities.id(m.name()))
                    .setIsStatic(m.isStatic())
                    .setPose(pose(m.pose()));
            Pose inverse = m.pose().inverse();
            for (LinkState l : m.links()) {
                String scoped = m.name() + "::" + l.name();
                model.addLink(LinkProtos.Link.newBuilder()
                        .setName(l.name())
                        .setId((int) GazeboEntities.id(scoped))
                        .setPose(pose(inverse.compose(l.pose()))));
            }
            s.addModel(model);
        }
        return s.build();
    }

    SerializedStepMap state() {
        SimulationStatus st = runner.status();
        WorldSnapshot snap = runner.snapshot();
        SerializedStateMap.Builder state = SerializedStateMap.newBuilder();
        state.putEntities(
                GazeboEntities.WORLD,
                SerializedEntityMap.newBuilder().setId(GazeboEntities.WORLD).build());
        for (ModelState m : snap.models()) {
            long id = GazeboEntities.id(m.name());
            state.putEntities(id, SerializedEntityMap.newBuilder().setId(id).build());
        }
        WorldStatistics stats = WorldStatistics.newBuilder()
                .setSimTime(time(st.simTimeNanos()))
                .setIterations(st.iterations())
                .setPaused(st.paused())
                .setModelCount(snap.models().size())
                .setRealTimeFactor(st.achievedRealTimeFactor())
                .setStepSize(time(st.stepSizeNanos()))
                .build();
        return SerializedStepMap.newBuilder().setStats(stats).setState(state).build();
    }

    static TimeProtos.Time time(long nanos) {
        return TimeProtos.Time.newBuilder()
                .setSec(Math.floorDiv(nanos, 1_000_000_000L))
                .setNsec((int) Math.floorMod(nanos, 1_000_000_000L))
                .build();
    }

    static PoseProtos.Pose pose(Pose p) {
        return PoseProtos.Pose.newBuilder()
                .setPosition(Vector3dProtos.Vector3d.newBuilder()
                        .setX(p.x())
                        .setY(p.y())
                        .setZ(p.z()))
                .setOrientation(QuaternionProtos.Quaternion.newBuilder()
                        .setW(p.rotation().w())
                        .setX(p.rotation().x())
                        .setY(p.rotation().y())
                        .setZ(p.rotation().z()))
                .build();
    }
}
