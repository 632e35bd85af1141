/**
 * The messages of the topic bus: plain records named and shaped after gz-msgs' {@code .proto} messages
 * ({@code gz.msgs.Twist} is {@link io.orrery.topic.msgs.Twist}), their components named as protobuf's JSON names
 * them (lowerCamelCase). Only the fields Orrery fills are carried; an absent field reads as protobuf's default
 * (zero, empty, the identity rotation), never as null.
 */
package io.orrery.topic.msgs;
