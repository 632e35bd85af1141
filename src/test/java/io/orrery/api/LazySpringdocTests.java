package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springdoc.core.properties.SpringDocConfigProperties;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.beans.factory.support.RootBeanDefinition;

/**
 * springdoc's beans become lazy, Orrery's stay eager. (Beans from springdoc's configuration methods take the other
 * branch; SimulationApiTests serves /v3/api-docs and Swagger UI with them lazy.)
 */
class LazySpringdocTests {

    @Test
    void springdocBeansAreLazyAndOthersAreNot() {
        DefaultListableBeanFactory beans = new DefaultListableBeanFactory();
        beans.registerBeanDefinition("springdocByClass", new RootBeanDefinition(SpringDocConfigProperties.class));
        beans.registerBeanDefinition("ours", new RootBeanDefinition(EventStream.class));
        new LazySpringdoc().postProcessBeanFactory(beans);

        assertThat(beans.getBeanDefinition("springdocByClass").isLazyInit()).isTrue();
        assertThat(beans.getBeanDefinition("ours").isLazyInit()).isFalse();
    }
}
