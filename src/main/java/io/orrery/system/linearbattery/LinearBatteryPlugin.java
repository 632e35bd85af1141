package io.orrery.system.linearbattery;

import com.google.protobuf.Message;
import com.gz.msgs.BatteryStateProtos.BatteryState;
import com.gz.msgs.BoolProtos;
import com.gz.msgs.StringMsgProtos.StringMsg;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.WorldView;
import io.orrery.plugin.Components;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.system.PostUpdate;
import io.orrery.system.PreUpdate;
import io.orrery.system.Reset;
import io.orrery.system.Update;
import io.orrery.system.UpdateInfo;
import io.orrery.system.gazebo.GazeboComponents;
import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.system.gazebo.SimTimeThrottle;
import io.orrery.topic.Publisher;
import io.orrery.topic.TopicBus;
import io.orrery.topic.msgs.Messages;

/**
 * Gazebo's LinearBatteryPlugin ({@code gz-sim-linearbatteryplugin-system}), a model plugin: a {@link LinearBattery}
 * that drains by {@code <power_load>} W, plus what other systems draw from it ({@link GazeboComponents#BATTERY_POWER_LOAD}
 * naming it), while draining: from the start with {@code <start_draining>}, from the first step a joint of its model is
 * commanded a velocity or force other than 0 (as Gazebo starts draining once the robot moves), or from a message on
 * any {@code <power_draining_topic>} until one on a {@code <stop_power_draining_topic>}. With
 * {@code <enable_recharge>} charges while a {@code gz.msgs.Boolean} on {@code /model/<model>/battery/<name>/recharge/
 * start} says so, until one on {@code …/recharge/stop}. Its state goes out as {@code gz.msgs.BatteryState} on
 * {@code /model/<model>/battery/<name>/state}, 50 per second of sim time. Gazebo's parameters and defaults; what
 * differs is said in docs/systems-and-sensors.md. Threads: the runner's.
 */
public final class LinearBatteryPlugin implements Plugin, PreUpdate, Update, PostUpdate, Reset {

    /** Gazebo's short name: {@code gz-sim-linearbatteryplugin-system}. */
    public static final String SHORT_NAME = "linearbatteryplugin";
    /** Gazebo's class name: {@code gz::sim::systems::LinearBatteryPlugin}. */
    public static final String CLASS_NAME = "LinearBatteryPlugin";
    /** gz-sim advertises the state at 50 messages a second. */
    static final double STATE_RATE = 50;

    private PluginContext context;
    private String model;
    private String entity;
    private LinearBattery battery;
    private double powerLoad;
    private double totalLoad;
    private boolean initialDraining;
    private boolean draining;
    private boolean charging;
    private boolean invertCurrentSign;
    private boolean fixIssue225;
    private Publisher<BatteryState> state;
    private final SimTimeThrottle throttle = SimTimeThrottle.hertz(STATE_RATE);

    @Override
    public void awake(PluginContext ctx) {
        context = ctx;
        GazeboParameters params = new GazeboParameters(ctx.spec(), CLASS_NAME);
        model = params.model(ctx.owner());
        String name = params.text("battery_name")
                .orElseThrow(() -> params.bad("needs <battery_name> and <voltage>; both are required"));
        entity = GazeboComponents.battery(Components.entity(model, ctx.scope()), name);
        double voltage = params.finite("voltage", Double.NaN);
        if (Double.isNaN(voltage)) {
            throw params.bad("needs <battery_name> and <voltage>; both are required");
        }
        double capacity = params.finite("capacity", 0.0);
        if (capacity <= 0) {
            throw params.bad("capacity", "greater than 0 (Ah)", "'" + capacity + "'");
        }
        double initial = params.finite("initial_charge", capacity);
        if (initial < 0 || initial > capacity) {
            ctx.logger()
                    .error(
                            "LinearBatteryPlugin of model '{}': <initial_charge> {} is outside [0, {}]; clamped",
                            model,
                            initial,
                            capacity);
            initial = Math.max(0.0, Math.min(initial, capacity));
        }
        double tau = params.finite("smooth_current_tau", 1.0);
        if (tau <= 0) {
            ctx.logger()
                    .error("LinearBatteryPlugin of model '{}': <smooth_current_tau> must be positive; using 1", model);
            tau = 1.0;
        }
        fixIssue225 = params.bool("fix_issue_225", false);
        invertCurrentSign = params.bool("invert_current_sign", false);
        boolean recharge = params.bool("enable_recharge", false);
        double chargingTime = params.finite("charging_time", 0.0);
        if (recharge && !params.has("charging_time")) {
            throw params.bad("needs <charging_time> (hours) to <enable_recharge>");
        }
        battery = new LinearBattery(
                params.finite("open_circuit_voltage_constant_coef", 0.0),
                params.finite("open_circuit_voltage_linear_coef", 0.0),
                capacity,
                params.finite("resistance", 0.0),
                tau,
                initial,
                voltage,
                chargingTime,
                fixIssue225);
        if (!params.has("power_load")) {
            ctx.logger().warn("LinearBatteryPlugin of model '{}': no <power_load>; the battery draws nothing", model);
        }
        powerLoad = params.finite("power_load", 0.0);
        initialDraining = params.bool("start_draining", false);
        draining = initialDraining;

        TopicBus bus = ctx.topics();
        String owner = ctx.qualifiedName();
        String base = "/model/" + model + "/battery/" + name;
        if (recharge) {
            // Gazebo offers these as services, and as topics with <recharge_by_topic>; Orrery's bus has topics only
            bus.subscribe(base + "/recharge/start", BoolProtos.Boolean.class, owner, m -> charging = true);
            bus.subscribe(base + "/recharge/stop", BoolProtos.Boolean.class, owner, m -> charging = false);
        }
        for (String topic : params.all("power_draining_topic")) {
            subscribeAny(bus, topic, owner, () -> draining = true);
        }
        for (String topic : params.all("stop_power_draining_topic")) {
            subscribeAny(bus, topic, owner, () -> draining = false);
        }
        state = bus.advertise(base + "/state", BatteryState.class, owner);
        ctx.logger().info("LinearBatteryPlugin configured. Battery name: {}", name);
    }

    /**
     * Gazebo takes any message on the draining topics; Orrery's topics have one type: the topic's, when something
     * already uses it, else {@code gz.msgs.StringMsg} (what gz-sim's tests and examples publish).
     */
    private static void subscribeAny(TopicBus bus, String topic, String owner, Runnable action) {
        Class<? extends Message> type = bus.messageType(topic).orElse(StringMsg.class);
        bus.subscribe(topic, type, owner, m -> action.run());
    }

    @Override
    public void start(PluginContext ctx) {
        // everything is set up in awake
    }

    @Override
    public void preUpdate(UpdateInfo info, PhysicsWorld world) {
        Components components = context.components();
        // the consumers' loads on this battery join its own, as Gazebo sums its BatteryPowerLoad components
        totalLoad = powerLoad;
        for (GazeboComponents.PowerLoad load :
                components.all(GazeboComponents.BATTERY_POWER_LOAD).values()) {
            if (load.battery().equals(entity)) {
                totalLoad += load.watts();
            }
        }
        components.set(entity, GazeboComponents.BATTERY_SOC, battery.stateOfCharge());
        if (!draining && world.model(model).isPresent() && world.jointsCommanded(model)) {
            draining = true; // the robot started moving
        }
    }

    @Override
    public void update(UpdateInfo info, PhysicsWorld world) {
        if (info.paused() || (!draining && !charging)) {
            return;
        }
        battery.step(info.dtSeconds(), totalLoad, draining, charging);
        context.components().set(entity, GazeboComponents.BATTERY_SOC, battery.stateOfCharge());
    }

    @Override
    public void postUpdate(UpdateInfo info, WorldView world) {
        if (info.paused() || !throttle.isDue(info.simTimeNanos())) {
            return;
        }
        throttle.published(info.simTimeNanos());
        BatteryState.PowerSupplyStatus status;
        if (charging) {
            status = BatteryState.PowerSupplyStatus.CHARGING;
        } else if (draining) {
            status = BatteryState.PowerSupplyStatus.DISCHARGING;
        } else if (battery.stateOfCharge() > 0.9) {
            status = BatteryState.PowerSupplyStatus.FULL;
        } else {
            status = BatteryState.PowerSupplyStatus.NOT_CHARGING;
        }
        state.publish(BatteryState.newBuilder()
                .setHeader(Messages.header(info.simTimeNanos()))
                .setVoltage(battery.voltage())
                .setCurrent(invertCurrentSign ? -battery.current() : battery.current())
                .setCharge(battery.charge())
                .setCapacity(battery.capacity())
                // Gazebo's percentage is the fraction unless fix_issue_225
                .setPercentage(fixIssue225 ? battery.stateOfCharge() * 100 : battery.stateOfCharge())
                .setPowerSupplyStatus(status)
                .build());
    }

    @Override
    public void reset(UpdateInfo info, PhysicsWorld world) {
        battery.reset();
        draining = initialDraining;
        charging = false;
        throttle.reset();
    }
}
