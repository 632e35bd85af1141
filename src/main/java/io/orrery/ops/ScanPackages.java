package io.orrery.ops;

import io.orrery.log.LogSafe;
import java.util.List;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.EnvironmentAware;
import org.springframework.context.ResourceLoaderAware;
import org.springframework.context.annotation.ClassPathBeanDefinitionScanner;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.ImportBeanDefinitionRegistrar;
import org.springframework.core.env.Environment;
import org.springframework.core.io.ResourceLoader;
import org.springframework.core.type.AnnotationMetadata;

/**
 * The user's own packages, named in {@code orrery.scan-packages}, scanned for {@code @Component} classes (and
 * {@code @Configuration} classes, whose {@code @Bean} methods are then read as Orrery's own are): the third way to
 * bring code, beside Spring Boot's auto-configuration imports. Orrery's own scan covers {@code io.orrery} only.
 * Registered while configuration classes are read, so what the scan finds is read the same way.
 */
@Configuration(proxyBeanMethods = false)
@Import(ScanPackages.Registrar.class)
class ScanPackages {

    static final String PROPERTY = "orrery.scan-packages";

    private static final Logger log = LoggerFactory.getLogger(ScanPackages.class);
    private static final Pattern PACKAGE = Pattern.compile("\\p{javaJavaIdentifierStart}\\p{javaJavaIdentifierPart}*"
            + "(\\.\\p{javaJavaIdentifierStart}\\p{javaJavaIdentifierPart}*)*");

    /** The packages in {@code orrery.scan-packages} (a list, or one comma-separated string), checked. */
    static List<String> packages(Environment environment) {
        List<String> packages =
                Binder.get(environment).bind(PROPERTY, Bindable.listOf(String.class)).orElse(List.of()).stream()
                        .map(String::trim)
                        .toList();
        for (String name : packages) {
            if (!PACKAGE.matcher(name).matches()) {
                throw new IllegalArgumentException(
                        PROPERTY + " must list Java package names such as com.example.robot," + " got '" + name + "'");
            }
        }
        return packages;
    }

    static final class Registrar implements ImportBeanDefinitionRegistrar, EnvironmentAware, ResourceLoaderAware {

        private Environment environment;
        private ResourceLoader resourceLoader;

        @Override
        public void setEnvironment(Environment environment) {
            this.environment = environment;
        }

        @Override
        public void setResourceLoader(ResourceLoader resourceLoader) {
            this.resourceLoader = resourceLoader;
        }

        @Override
        public void registerBeanDefinitions(AnnotationMetadata metadata, BeanDefinitionRegistry registry) {
            List<String> packages = packages(environment);
            if (packages.isEmpty()) {
                return;
            }
            ClassPathBeanDefinitionScanner scanner =
                    new ClassPathBeanDefinitionScanner(registry, true, environment, resourceLoader);
            int found = scanner.scan(packages.toArray(String[]::new));
            if (found == 0) {
                // Not an error (the jar may come later), but the first thing to check when a system does not run.
                log.warn(
                        "{}={}: no @Component classes found there; is the jar on the class path (loader.path)?",
                        PROPERTY,
                        LogSafe.of(String.join(",", packages)));
            } else {
                log.info("{}={}: {} beans found", PROPERTY, LogSafe.of(String.join(",", packages)), found);
            }
        }
    }
}
