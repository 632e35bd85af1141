package io.orrery.system;

/**
 * The built-in system priorities, all in one place. Within each phase smaller values run first, and systems
 * of equal priority run in the order they were added (load order). The values follow Gazebo Sim's, so a
 * world's {@code <gz:system_priority>} means the same here.
 *
 * <p>Gazebo's user-commands priority has no counterpart: Orrery applies commands between steps, outside any
 * phase, so no system needs to run before everything else.
 */
public final class Priorities {

    /** Update systems that must act just before physics, such as controllers writing forces in Update. */
    public static final int PRE_PHYSICS = -128;

    /** The physics system: the step happens here, in the Update phase. */
    public static final int PHYSICS = -64;

    /** Update systems that must see the just-stepped state before default-priority systems, such as sensors. */
    public static final int POST_PHYSICS_SENSOR = -32;

    /** A system with neither an explicit nor an own priority. */
    public static final int DEFAULT = 0;

    private Priorities() {}
}
