package io.orrery.api;

import org.springframework.beans.factory.annotation.AnnotatedBeanDefinition;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.core.type.MethodMetadata;

/**
 * Makes springdoc's beans (the OpenAPI description and Swagger UI) lazy: they are created by the first request for
 * {@code /v3/api-docs} or {@code /swagger-ui.html}, not at start-up, which readiness does not wait for. Its
 * controllers are still mapped at start-up (Spring MVC maps lazy handler beans by type), and beans something eager
 * depends on are created with it as before.
 */
final class LazySpringdoc implements BeanFactoryPostProcessor {

    private static final String PACKAGE = "org.springdoc.";

    @Override
    public void postProcessBeanFactory(ConfigurableListableBeanFactory beans) {
        for (String name : beans.getBeanDefinitionNames()) {
            BeanDefinition definition = beans.getBeanDefinition(name);
            if (isSpringdoc(definition)) {
                definition.setLazyInit(true);
            }
        }
    }

    private static boolean isSpringdoc(BeanDefinition definition) {
        String type = definition.getBeanClassName();
        if (type != null && type.startsWith(PACKAGE)) {
            return true;
        }
        MethodMetadata factory =
                definition instanceof AnnotatedBeanDefinition annotated ? annotated.getFactoryMethodMetadata() : null;
        return factory != null && factory.getDeclaringClassName().startsWith(PACKAGE);
    }
}
