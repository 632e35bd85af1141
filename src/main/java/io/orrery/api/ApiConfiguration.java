package io.orrery.api;

import com.fasterxml.jackson.databind.Module;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.orrery.app.Topics;
import io.orrery.app.WorldId;
import io.orrery.app.Worlds;
import io.orrery.event.EventBus;
import io.orrery.ops.BeforeGracefulShutdown;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/**
 * Wires the HTTP API: the topic messages' JSON, a controller's step read from JSON, the event stream, the origin, token
 * and body-limit filters, the OpenAPI info.
 */
@Configuration(proxyBeanMethods = false)
class ApiConfiguration {

    @Bean
    MessageReader messageReader() {
        return new MessageReader();
    }

    @Bean
    LockstepJson lockstepJson(MessageReader reader, Topics topics) {
        return new LockstepJson(reader, topics);
    }

    /** Topic messages in every JSON the server writes are protobuf's JSON mapping of them. */
    @Bean
    Module protobufJsonModule() {
        return MessageJson.module();
    }

    @Bean
    EventStream eventStream(Worlds worlds, Topics topics, EventBus bus, ObjectMapper mapper, ApiProperties properties) {
        return new EventStream(worlds.get(WorldId.DEFAULT), topics, bus, mapper, properties.maxEventClients());
    }

    /** Ends the event streams when the application stops, so the web server's graceful shutdown need not wait. */
    @Bean
    SmartLifecycle eventStreamsOnShutdown(EventStream stream) {
        return new BeforeGracefulShutdown(stream::endAll);
    }

    /** Every path of this server: {@code /api}, and the actuator unless it has a port of its own. */
    @Bean
    FilterRegistrationBean<BearerTokenFilter> bearerTokenFilter(
            ApiProperties properties,
            @Value("${management.endpoints.web.base-path:/actuator}") String actuatorBasePath,
            ObjectMapper mapper) {
        return BearerTokenFilter.registration(properties, actuatorBasePath, mapper);
    }

    /** Ahead of the token: a page of another origin is refused whatever it bears. */
    @Bean
    FilterRegistrationBean<OriginFilter> originFilter(ApiProperties properties, ObjectMapper mapper) {
        return OriginFilter.registration(properties, mapper);
    }

    @Bean
    FilterRegistrationBean<ApiRequestFilter> apiRequestFilter(ApiProperties properties, ObjectMapper mapper) {
        FilterRegistrationBean<ApiRequestFilter> registration =
                new FilterRegistrationBean<>(new ApiRequestFilter(properties, mapper));
        registration.addUrlPatterns("/api/*", "/api");
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 10);
        return registration;
    }

    /** Static: a bean factory post-processor runs before the configuration's own beans exist. */
    @Bean
    static LazySpringdoc lazySpringdoc() {
        return new LazySpringdoc();
    }

    @Bean
    OpenAPI orreryOpenApi() {
        return new OpenAPI()
                .info(new Info()
                        .title("Orrery API")
                        .description(
                                "Runs one SDF world: its lifecycle, models, plugins, triggers, statistics and events."
                                        + " Errors are RFC 7807 problem details. With orrery.api.token set, every method but GET,"
                                        + " HEAD and OPTIONS, here and to the actuator, needs 'Authorization: Bearer <token>' (reads"
                                        + " too with orrery.api.protect-reads=true; POST /api/session trades it for a browser"
                                        + " cookie). From a web page, changes are taken only from this server's origin and those"
                                        + " in orrery.api.allowed-origins.")
                        .version("v1"));
    }
}
