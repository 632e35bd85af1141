package io.orrery;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** Orrery: hosts one simulated world and runs it through its whole life. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class OrreryApplication {

    public static void main(String[] args) {
        SpringApplication.run(OrreryApplication.class, args);
    }
}
