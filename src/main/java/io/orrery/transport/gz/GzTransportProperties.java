package io.orrery.transport.gz;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * The gz-transport node's settings, {@code orrery.transport.*}. Where the node listens and which partition it is in
 * come from gz-transport's own environment variables ({@link GzEnvironment}), as for every gz-transport program.
 *
 * @param enabled run the node (on by default, as {@code gz sim} always is)
 * @param ip the IPv4 address of the interface the node uses, discovery and data: {@code 127.0.0.1} by default, so it
 *     stays on this machine; an address of another interface opens it to that network, {@code *} to every interface
 *     that is up (gz-transport's own default). {@code GZ_IP} (or {@code IGN_IP}) in the environment wins over it
 * @param allowControl with {@code orrery.api.token} set, offer the services that change the world and take inbound
 *     topics all the same; gz-transport has no authentication, so by default they are not offered then
 * @param messageTypes the message type names put on the wire: {@code gz} ({@code gz.msgs.Twist}, Garden and later)
 *     or {@code ignition} ({@code ignition.msgs.Twist}, Fortress and earlier); inbound names are accepted under either
 * @param maxMessageSize the largest frame taken from a peer; a larger one drops that peer's connection
 * @param receiveQueue the most frames queued per peer before more are dropped (ZeroMQ's receive high-water mark)
 * @param sendQueue the most outgoing messages queued for the publishing thread; more are dropped and counted
 * @param maxPeers the most gz-transport processes tracked at once; further ones are ignored (logged once)
 * @param maxRemoteEntries the most remote publishers and subscribers tracked at once; further ones are ignored
 * @param maxServiceCalls the most service calls waiting for the runner at once; one more is answered as failed
 * @param replyQueue the most answers to service calls waiting to be sent (a requester's connection can take up to 5 s
 *     to come up); one more is dropped, counted ({@code orrery_transport_dropped_total{what="replies"}}) and logged
 */
@ConfigurationProperties("orrery.transport")
public record GzTransportProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue(GzTransportProperties.LOOPBACK) String ip,
        @DefaultValue("false") boolean allowControl,
        @DefaultValue("gz") String messageTypes,
        @DefaultValue("1MB") DataSize maxMessageSize,
        @DefaultValue("100") int receiveQueue,
        @DefaultValue("1000") int sendQueue,
        @DefaultValue("256") int maxPeers,
        @DefaultValue("10000") int maxRemoteEntries,
        @DefaultValue("64") int maxServiceCalls,
        @DefaultValue("64") int replyQueue) {

    /** The default interface: loopback, so the node's multicast and sockets stay on this machine. */
    public static final String LOOPBACK = "127.0.0.1";

    /** The value of {@code ip} that means every interface that is up. */
    public static final String EVERY_INTERFACE = "*";

    public GzTransportProperties {
        if (ip == null || ip.isBlank()) {
            throw new IllegalArgumentException(
                    "orrery.transport.ip must be an IPv4 address of this machine or *, got '" + ip + "'");
        }
        ip = ip.strip();
        if (!"gz".equals(messageTypes) && !"ignition".equals(messageTypes)) {
            throw new IllegalArgumentException(
                    "orrery.transport.message-types must be gz or ignition, got " + messageTypes);
        }
        if (maxMessageSize == null || maxMessageSize.toBytes() < 1024 || maxMessageSize.toBytes() > 1L << 30) {
            throw new IllegalArgumentException(
                    "orrery.transport.max-message-size must be between 1KB and 1GB, got " + maxMessageSize);
        }
        atLeast("orrery.transport.receive-queue", receiveQueue, 1);
        atLeast("orrery.transport.send-queue", sendQueue, 1);
        atLeast("orrery.transport.max-peers", maxPeers, 1);
        atLeast("orrery.transport.max-remote-entries", maxRemoteEntries, 1);
        atLeast("orrery.transport.max-service-calls", maxServiceCalls, 1);
        atLeast("orrery.transport.reply-queue", replyQueue, 1);
    }

    /** The prefix of type names on the wire: {@code gz.msgs.} or {@code ignition.msgs.}. */
    public String typePrefix() {
        return messageTypes + ".msgs.";
    }

    private static void atLeast(String property, int value, int min) {
        if (value < min) {
            throw new IllegalArgumentException(property + " must be at least " + min + ", got " + value);
        }
    }
}
