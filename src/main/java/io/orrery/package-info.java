/** Orrery, a simulation lifecycle server for robotics: the Spring Boot application. */
package io.orrery;
