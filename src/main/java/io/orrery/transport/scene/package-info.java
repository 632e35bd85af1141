/**
 * The world as Foxglove draws it, shared by the live Foxglove server and the MCAP recordings so that both carry the
 * same channels: {@code foxglove.SceneUpdate} from the models' shapes, {@code foxglove.FrameTransforms} from gz sim's
 * {@code pose/info}, and every protobuf type's schema as a {@code FileDescriptorSet}. May use {@code app} (a world's
 * files, to read its models), the topic bus and the gz-msgs helpers, the world records and Foxglove's generated
 * schemas; never another surface.
 */
package io.orrery.transport.scene;
