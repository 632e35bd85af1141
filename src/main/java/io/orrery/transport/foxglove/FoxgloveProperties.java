package io.orrery.transport.foxglove;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * The Foxglove server's settings, {@code orrery.foxglove.*}. Every size a client can make the server hold is bounded
 * here (docs/limits.md).
 *
 * @param enabled serve Foxglove's WebSocket protocol at {@code /foxglove} on the service's port
 * @param maxClients the most Foxglove clients connected at once; one more is refused (closed with 1013, try again)
 * @param maxQueuedMessages per client, the most messages waiting to be sent; past it the oldest is dropped and
 *     counted, so a slow client never holds up the runner or the other clients
 * @param maxQueuedFrames per client, the most control frames (advertisements, answers, status) waiting; a client
 *     past it is not reading and is disconnected
 * @param maxMessage the largest frame a client may send (a published message, a request)
 * @param maxSubscriptions per client, the most subscriptions (and entries in one request)
 * @param maxClientChannels per client, the most channels it may advertise for publishing
 * @param syncPeriod how often the server looks for new and gone topics, a reload or a changed set of models
 * @param playbackDirectory the directory whose recordings (MCAP files, in it or below) {@code /foxglove/playback}
 *     plays back; empty (the default) turns playback off
 */
@ConfigurationProperties("orrery.foxglove")
public record FoxgloveProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("16") int maxClients,
        @DefaultValue("1000") int maxQueuedMessages,
        @DefaultValue("1000") int maxQueuedFrames,
        @DefaultValue("1MB") DataSize maxMessage,
        @DefaultValue("1024") int maxSubscriptions,
        @DefaultValue("64") int maxClientChannels,
        @DefaultValue("200ms") Duration syncPeriod,
        @DefaultValue("") String playbackDirectory) {

    public FoxgloveProperties {
        atLeast("orrery.foxglove.max-clients", maxClients, 1);
        atLeast("orrery.foxglove.max-queued-messages", maxQueuedMessages, 1);
        atLeast("orrery.foxglove.max-queued-frames", maxQueuedFrames, 16);
        atLeast("orrery.foxglove.max-subscriptions", maxSubscriptions, 1);
        atLeast("orrery.foxglove.max-client-channels", maxClientChannels, 1);
        if (maxMessage == null || maxMessage.toBytes() < 1024 || maxMessage.toBytes() > 64L << 20) {
            throw new IllegalArgumentException(
                    "orrery.foxglove.max-message must be between 1KB and 64MB, got " + maxMessage);
        }
        playbackDirectory = playbackDirectory == null ? "" : playbackDirectory.strip();
        if (syncPeriod == null || syncPeriod.toMillis() < 10 || syncPeriod.toMillis() > 10_000) {
            throw new IllegalArgumentException(
                    "orrery.foxglove.sync-period must be between 10ms and 10s, got " + syncPeriod);
        }
    }

    private static void atLeast(String property, int value, int min) {
        if (value < min) {
            throw new IllegalArgumentException(property + " must be at least " + min + ", got " + value);
        }
    }
}
