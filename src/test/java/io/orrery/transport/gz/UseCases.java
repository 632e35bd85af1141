package io.orrery.transport.gz;

import io.orrery.app.Models;
import io.orrery.app.Topics;
import io.orrery.app.World;
import io.orrery.app.WorldControl;
import io.orrery.app.WorldId;
import io.orrery.app.WorldServiceCalls;
import io.orrery.app.Worlds;
import io.orrery.runner.SimulationRunner;
import io.orrery.world.WorldSaver;
import io.orrery.world.sdf.SdfReader;
import java.util.List;

/** The use cases over one runner, wired as the application wires them, for tests that build a node by hand. */
record UseCases(Worlds worlds, WorldControl control, Models models, Topics topics) {

    static UseCases of(SimulationRunner runner, SdfReader reader, WorldSaver saver) {
        Worlds worlds = new Worlds(List.of(new World(
                WorldId.DEFAULT,
                runner.control(),
                runner.edits(),
                runner.topics(),
                runner.hold(),
                runner.reads(),
                runner::addListener)));
        return new UseCases(worlds, new WorldControl(worlds), new Models(worlds, reader, saver), new Topics(worlds));
    }

    /** gz sim's world services over these use cases; the ones that change the world with {@code controlAllowed}. */
    WorldServices services(boolean controlAllowed) {
        return new WorldServices(
                worlds.get(WorldId.DEFAULT).reads(), new WorldServiceCalls(worlds, control, models), controlAllowed);
    }
}
