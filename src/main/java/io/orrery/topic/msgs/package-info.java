/**
 * What the bus's messages share. The messages themselves are gz-msgs' protobuf messages, generated at build time
 * from its {@code .proto} files ({@code src/main/proto}) into {@code com.gz.msgs}: {@code gz.msgs.Twist} is
 * {@code com.gz.msgs.TwistProtos.Twist}. Refer to {@code DoubleProtos.Double} and {@code BoolProtos.Boolean} by
 * their outer class, so that {@code java.lang.Double} and {@code Boolean} keep their names. {@link
 * io.orrery.topic.msgs.Messages} builds times, stamped headers, vectors and quaternions; {@link
 * io.orrery.topic.msgs.MessageTypes} names a message type.
 */
package io.orrery.topic.msgs;
