package io.orrery.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.orrery.physics.PhysicsWorld;
import io.orrery.system.PreUpdate;
import io.orrery.system.UpdateInfo;
import io.orrery.world.CollisionSpec;
import io.orrery.world.Geometry;
import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import io.orrery.world.SurfaceSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.LoggerFactory;

/**
 * Issue 33 item 9: the line an engine failure writes names the world, a name its file chose, so a line break in it
 * must not forge a line of its own. The failure is issue 33's own (a sphere of radius 1e30 on which JBullet indexes
 * out of bounds), handed to the physics world by a system, past the reader's bounds.
 */
class PhysicsFailureLogTests {

    @RegisterExtension
    final RunnerFixture fixture = new RunnerFixture();

    @Test
    void theEngineFailureLineEscapesTheWorldsName() throws Exception {
        fixture.system(new PlanetMaker());
        Path world = fixture.worldWith("");
        Files.writeString(
                world,
                Files.readString(world)
                        .replace("<world name=\"lifecycle\">", "<world name=\"lifecycle&#10;forged world\">"));
        Logger root = (Logger) LoggerFactory.getLogger("io.orrery");
        ListAppender<ILoggingEvent> all = new ListAppender<>();
        all.start();
        root.addAppender(all);
        try {
            SimulationRunner runner = fixture.startPaused(world);
            Throwable refused = catchThrowable(() -> runner.control().step(200).get(20, TimeUnit.SECONDS));
            assertThat(refused).as("the step batch the engine failed in").isNotNull();
        } finally {
            root.detachAppender(all);
        }
        synchronized (all) { // the appender appends under its own lock
            List<String> errors = all.list.stream()
                    .filter(e -> e.getLevel() == Level.ERROR)
                    .map(ILoggingEvent::getFormattedMessage)
                    .filter(m -> m.contains("the physics engine failed"))
                    .toList();
            assertThat(errors)
                    .as("the engine failure's line")
                    .singleElement()
                    .satisfies(m -> assertThat(m)
                            .startsWith("World 'lifecycle\\nforged world': ")
                            .doesNotContain("\n", "\r"));
        }
    }

    /** Adds a sphere of radius 1e30 to the physics world in the first step that runs. */
    static final class PlanetMaker implements PreUpdate {

        @Override
        public void preUpdate(UpdateInfo info, PhysicsWorld world) {
            if (info.paused() || world.model("planet").isPresent()) {
                return;
            }
            CollisionSpec shell =
                    new CollisionSpec("shell", Pose.IDENTITY, new Geometry.Sphere(1e30), SurfaceSpec.DEFAULT);
            LinkSpec body = new LinkSpec("body", Pose.IDENTITY, Optional.empty(), List.of(shell), List.of());
            world.addModel(new ModelSpec(
                    "planet",
                    Pose.of(0, -3, 1, 0, 0, 0),
                    false,
                    true,
                    List.of(body),
                    List.of(),
                    List.of(),
                    List.of(),
                    Optional.empty(),
                    1));
        }
    }
}
