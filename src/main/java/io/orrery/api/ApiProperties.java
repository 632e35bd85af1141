package io.orrery.api;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * The HTTP API's settings, {@code orrery.api.*}.
 *
 * @param token when set, every request that changes something (POST, PUT, PATCH, DELETE), under {@code /api} and
 *     to the actuator on either port, needs {@code Authorization: Bearer <token>}; reads stay open
 * @param maxRequestBody the largest request body accepted; larger ones get 413
 */
@ConfigurationProperties("orrery.api")
public record ApiProperties(String token, @DefaultValue("1MB") DataSize maxRequestBody) {

    public ApiProperties {
        if (maxRequestBody == null || maxRequestBody.toBytes() < 1) {
            throw new IllegalArgumentException("orrery.api.max-request-body must be at least 1 byte, got "
                    + maxRequestBody);
        }
        if (maxRequestBody.toBytes() > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("orrery.api.max-request-body must be below 2GB, got "
                    + maxRequestBody);
        }
    }

    /** True when a token is configured. */
    public boolean tokenRequired() {
        return token != null && !token.isBlank();
    }
}
