/**
 * Orrery, a simulation lifecycle server for robotics: the Spring Boot application. Uses Spring Boot alone, which finds
 * every other package's configuration; nothing uses it.
 */
package io.orrery;
