package io.orrery.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.actuate.autoconfigure.web.ManagementContextConfiguration;
import org.springframework.boot.actuate.autoconfigure.web.ManagementContextType;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;

/**
 * The management server's own context, there only when {@code management.server.port} differs from the API's:
 * filters of the main context do not reach it, so the origin and token filters are registered here again.
 */
@ManagementContextConfiguration(value = ManagementContextType.CHILD, proxyBeanMethods = false)
class ManagementPortConfiguration {

    @Bean
    FilterRegistrationBean<BearerTokenFilter> managementBearerTokenFilter(
            ApiProperties properties,
            @Value("${management.endpoints.web.base-path:/actuator}") String actuatorBasePath,
            ObjectMapper mapper) {
        return BearerTokenFilter.registration(properties, actuatorBasePath, mapper);
    }

    @Bean
    FilterRegistrationBean<OriginFilter> managementOriginFilter(ApiProperties properties, ObjectMapper mapper) {
        return OriginFilter.registration(properties, mapper);
    }
}
