package io.orrery;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.actuate.autoconfigure.web.ManagementContextConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurationExcludeFilter;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.context.TypeExcludeFilter;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.FilterType;

/**
 * Orrery: hosts one simulated world and runs it through its whole life. {@code @SpringBootApplication} spelled
 * out, to keep management context configurations out of the scan: they belong only to the management server's
 * own context (listed in {@code META-INF/spring/...ManagementContextConfiguration.imports}).
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@ComponentScan(
        excludeFilters = {
            @ComponentScan.Filter(type = FilterType.CUSTOM, classes = TypeExcludeFilter.class),
            @ComponentScan.Filter(type = FilterType.CUSTOM, classes = AutoConfigurationExcludeFilter.class),
            @ComponentScan.Filter(type = FilterType.ANNOTATION, classes = ManagementContextConfiguration.class)
        })
@ConfigurationPropertiesScan
public class OrreryApplication {

    public static void main(String[] args) {
        SpringApplication.run(OrreryApplication.class, args);
    }
}
