package io.orrery.ops;

import org.springframework.aot.AotDetector;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.actuate.autoconfigure.web.server.ManagementPortType;
import org.springframework.boot.env.EnvironmentPostProcessor;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.Environment;

/**
 * Refuses a start in AOT mode ({@code -Dspring.aot.enabled=true}, a jar built with {@code -Paot}) that sets
 * {@code management.server.port} to anything but the HTTP port. AOT processing fixes the bean definitions at
 * build time, where the actuator shares the HTTP port; the management server's own context is one of the
 * conditional configurations it leaves out, so such a start would silently serve the actuator (and the probes)
 * on the HTTP port and nothing on the management port.
 */
class AotManagementPortCheck implements EnvironmentPostProcessor {

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        check(environment, AotDetector.useGeneratedArtifacts());
    }

    static void check(Environment environment, boolean aot) {
        if (aot && ManagementPortType.get(environment) != ManagementPortType.SAME) {
            throw new IllegalStateException(
                    "management.server.port=" + environment.getProperty("management.server.port")
                            + " is not supported in AOT mode: the AOT build serves the actuator on"
                            + " the HTTP port (server.port). Start without -Dspring.aot.enabled=true to give the actuator a"
                            + " port of its own, or leave management.server.port unset.");
        }
    }
}
