package io.orrery.physics;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A conformance case (issue 24's suite, docs/physics-engines.md): a test method taking an {@link Engine}, run once per
 * value of it. An articulation mode an engine gains is one more {@link Engine} value, so every case runs in it too.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ParameterizedTest(name = "{0}")
@EnumSource(Engine.class)
public @interface EveryEngine {
}
