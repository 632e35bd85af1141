package io.orrery.system.perfectcomms;

import io.orrery.system.comms.DeliveryModel;
import io.orrery.system.comms.Frame;
import io.orrery.system.comms.Route;
import io.orrery.system.comms.Station;
import io.orrery.world.PluginSpec;

/** gz-sim's PerfectComms: every message between two bound models arrives, unchanged, in the next step. */
final class PerfectDelivery implements DeliveryModel {

    /** PerfectComms takes no parameters of its own. */
    static PerfectDelivery of(PluginSpec spec) {
        return new PerfectDelivery();
    }

    @Override
    public Route route(Frame frame, Station from, Station to, long nowNanos) {
        return Route.deliver(frame.message());
    }
}
