package io.orrery.system;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a class, or a Spring {@code @Bean} method, as meant to be a system. Systems are found by the phase
 * interfaces they implement, with or without this mark; with it, a bean that implements none of them (a typo in
 * an interface name, the wrong {@code PreUpdate}) stops the start with a message naming the bean, instead of
 * being silently ignored.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface OrrerySystem {}
