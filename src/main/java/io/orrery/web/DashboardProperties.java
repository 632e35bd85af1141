package io.orrery.web;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The dashboard's limits ({@code orrery.dashboard.*}).
 *
 * @param maxPoseClients the most pose streams ({@code GET /dashboard/poses}, one per open page) at once; one more
 *     gets 503 with Retry-After until a page closes or a client that stopped reading is cut off
 */
@ConfigurationProperties("orrery.dashboard")
public record DashboardProperties(@DefaultValue("16") int maxPoseClients) {

    public DashboardProperties {
        if (maxPoseClients < 1) {
            throw new IllegalArgumentException(
                    "orrery.dashboard.max-pose-clients must be at least 1, got " + maxPoseClients);
        }
    }
}
