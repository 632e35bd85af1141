/**
 * The one room for Gazebo's messages. The messages themselves are gz-msgs' protobuf messages, generated at build
 * time from its {@code .proto} files ({@code src/main/proto}) into {@code com.gz.msgs}: {@code gz.msgs.Twist} is
 * {@code com.gz.msgs.TwistProtos.Twist}. Refer to {@code DoubleProtos.Double} and {@code BoolProtos.Boolean} by
 * their outer class, so that {@code java.lang.Double} and {@code Boolean} keep their names.
 * {@link io.orrery.topic.msgs.Messages} converts between Orrery's records and gz.msgs (times, stamped headers,
 * vectors, quaternions, poses, both ways), {@link io.orrery.topic.msgs.EntityIds} gives the entity ids Orrery
 * publishes, and {@link io.orrery.topic.msgs.MessageTypes} names a message type. Systems, devices and every transport
 * use these and build no second copy. Uses only the world records.
 */
package io.orrery.topic.msgs;
