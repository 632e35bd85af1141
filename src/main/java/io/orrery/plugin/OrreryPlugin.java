package io.orrery.plugin;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a {@link Plugin} class as a plugin type and names the {@code <plugin filename="...">} values that create
 * it. In the Spring application, a prototype-scoped bean of such a class is a plugin type: each
 * {@code <plugin>} element gets its own instance, with its dependencies injected.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface OrreryPlugin {

    /** The filenames that name this type; matched exactly. */
    String[] filename();
}
