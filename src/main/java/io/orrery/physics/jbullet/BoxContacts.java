package io.orrery.physics.jbullet;

import com.bulletphysics.collision.broadphase.BroadphaseNativeType;
import com.bulletphysics.collision.dispatch.CollisionAlgorithmCreateFunc;
import com.bulletphysics.collision.dispatch.CollisionConfiguration;
import com.bulletphysics.collision.dispatch.CollisionDispatcher;

/** Installs Orrery's box-box and box-plane contact generators in a JBullet dispatcher. */
final class BoxContacts {

    private static final BroadphaseNativeType BOX = BroadphaseNativeType.BOX_SHAPE_PROXYTYPE;
    private static final BroadphaseNativeType PLANE = BroadphaseNativeType.STATIC_PLANE_PROXYTYPE;

    private BoxContacts() {}

    /**
     * Registers the algorithms for (box, box), (box, plane) and (plane, box). The dispatcher indexes its table by
     * the shape types' ordinals; pairs that are not a plain box and a plain box or plane (children of compound
     * shapes) keep the configuration's own algorithms.
     */
    static void register(CollisionDispatcher dispatcher) {
        CollisionConfiguration configuration = dispatcher.getCollisionConfiguration();
        CollisionAlgorithmCreateFunc boxBox = configuration.getCollisionAlgorithmCreateFunc(BOX, BOX);
        CollisionAlgorithmCreateFunc boxPlane = configuration.getCollisionAlgorithmCreateFunc(BOX, PLANE);
        CollisionAlgorithmCreateFunc planeBox = configuration.getCollisionAlgorithmCreateFunc(PLANE, BOX);
        dispatcher.registerCollisionCreateFunc(
                BOX.ordinal(), BOX.ordinal(), new BoxBoxCollisionAlgorithm.CreateFunc(boxBox));
        dispatcher.registerCollisionCreateFunc(
                BOX.ordinal(), PLANE.ordinal(), new BoxPlaneCollisionAlgorithm.CreateFunc(false, boxPlane));
        dispatcher.registerCollisionCreateFunc(
                PLANE.ordinal(), BOX.ordinal(), new BoxPlaneCollisionAlgorithm.CreateFunc(true, planeBox));
    }
}
