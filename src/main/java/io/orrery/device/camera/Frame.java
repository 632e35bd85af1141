package io.orrery.device.camera;

import com.gz.msgs.HeaderProtos.Header;
import io.orrery.world.Pose;

/**
 * One frame to draw, taken on the runner thread at the end of a step: the episode it belongs to (a reset starts the
 * next), the header it is stamped with, the pose of every body of the camera's scene then (null for a body whose
 * model has left the world) and the camera's pose.
 */
record Frame(long episode, Header header, Pose[] bodies, Pose camera) {}
