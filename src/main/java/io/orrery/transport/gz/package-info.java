/**
 * A gz-transport node: Gazebo's own tools ({@code gz topic}, {@code gz service}, {@code ros_gz_bridge}) talk to
 * Orrery as to {@code gz sim}. Discovery is gz-transport's UDP multicast protocol (wire version 10), data goes over
 * ZeroMQ (JeroMQ), messages are gz-msgs' protobuf messages (the classes generated from {@code src/main/proto}).
 * Every bus topic with a publisher is advertised; a gz publisher on a topic a system subscribes to drives it; the
 * world interface of gz sim ({@code /world/<w>/control}, {@code create}, {@code remove}, {@code set_pose},
 * {@code scene/info}, {@code state}, {@code /gazebo/worlds}) is served through {@code app.WorldServiceCalls}, the
 * use case plugins call too (a {@code create} is the HTTP API's spawn). May use {@code app}, {@code ops} and the records and buses below them;
 * never {@code world.sdf}, the runner's wiring or another surface.
 *
 * <p>Threads: one for discovery, one publishing, one receiving topics and service requests, one sending replies.
 * Nothing here runs on the runner thread but the bus subscribers' hand-off to the publishing queue.
 */
package io.orrery.transport.gz;
