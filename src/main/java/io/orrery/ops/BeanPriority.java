package io.orrery.ops;

import java.lang.reflect.Method;
import java.util.OptionalInt;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.core.Ordered;
import org.springframework.core.PriorityOrdered;
import org.springframework.core.annotation.MergedAnnotations;
import org.springframework.core.annotation.Order;
import org.springframework.core.annotation.OrderUtils;
import org.springframework.util.ClassUtils;

/**
 * A system bean's priority as Spring users give it, and where it came from. The first found wins:
 * <ol>
 * <li>{@code @Order} (or {@code @jakarta.annotation.Priority}) on the {@code @Bean} method, read from the bean
 *     definition's factory method as Spring's ordered collections do, so a lambda from an {@code @Bean @Order(100)}
 *     method has priority 100;
 * <li>{@link PriorityOrdered} or {@link Ordered}: the bean's {@code getOrder()} (Spring's rule that PriorityOrdered
 *     beans come before all others does not carry over: systems share one scale with Orrery's own priorities);
 * <li>{@code @Order} (or {@code @Priority}) on the bean's class;
 * <li>else none, and the system manager takes Orrery's {@code Prioritized}, then the default 0.
 * </ol>
 * The method wins over the instance because it is the more specific word, as in Spring's own
 * {@code FactoryAwareOrderSourceProvider}; Ordered wins over the class annotation as in Spring's
 * {@code AnnotationAwareOrderComparator}.
 *
 * @param value the priority, if the bean gives one
 * @param source where it came from, as listings show it
 */
record BeanPriority(OptionalInt value, String source) {

    static final BeanPriority NONE = new BeanPriority(OptionalInt.empty(), "");

    static BeanPriority of(ConfigurableListableBeanFactory beans, String name, Object bean) {
        Method factory = factoryMethod(beans, name);
        if (factory != null) {
            Integer order = OrderUtils.getOrder(factory);
            if (order != null) {
                return new BeanPriority(
                        OptionalInt.of(order),
                        annotationName(factory) + " on @Bean method "
                                + factory.getDeclaringClass().getSimpleName() + "." + factory.getName() + "()");
            }
        }
        if (bean instanceof PriorityOrdered ordered) {
            return new BeanPriority(OptionalInt.of(ordered.getOrder()), "PriorityOrdered");
        }
        if (bean instanceof Ordered ordered) {
            return new BeanPriority(OptionalInt.of(ordered.getOrder()), "Ordered");
        }
        Class<?> type = ClassUtils.getUserClass(bean.getClass());
        Integer order = OrderUtils.getOrder(type);
        if (order != null) {
            return new BeanPriority(OptionalInt.of(order), annotationName(type) + " on class " + type.getSimpleName());
        }
        return NONE;
    }

    /** The {@code @Bean} method that made bean {@code name}, if it was made by one. */
    static Method factoryMethod(ConfigurableListableBeanFactory beans, String name) {
        if (!beans.containsBeanDefinition(name)) {
            return null; // a singleton registered as an object
        }
        BeanDefinition definition = beans.getMergedBeanDefinition(name);
        return definition instanceof RootBeanDefinition root ? root.getResolvedFactoryMethod() : null;
    }

    private static String annotationName(java.lang.reflect.AnnotatedElement element) {
        return MergedAnnotations.from(element, MergedAnnotations.SearchStrategy.TYPE_HIERARCHY)
                        .isPresent(Order.class)
                ? "@Order"
                : "@Priority";
    }
}
