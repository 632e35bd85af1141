package io.orrery.ops;

import org.springframework.aot.AotDetector;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.env.EnvironmentPostProcessor;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.Environment;

/**
 * Refuses a start in AOT mode that sets {@code orrery.scan-packages}: AOT fixes the bean definitions at build time,
 * so the scan would not happen and the user's systems would silently not run.
 */
class AotScanPackagesCheck implements EnvironmentPostProcessor {

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        check(environment, AotDetector.useGeneratedArtifacts());
    }

    static void check(Environment environment, boolean aot) {
        if (aot && !ScanPackages.packages(environment).isEmpty()) {
            throw new IllegalStateException(ScanPackages.PROPERTY + " is not supported in AOT mode: the AOT build"
                    + " fixed the beans when it was made, so no package would be scanned. Start without"
                    + " -Dspring.aot.enabled=true (the Helm chart does when extraJars is set).");
        }
    }
}
