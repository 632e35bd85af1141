/**
 * The browser dashboard: the page itself is static (src/main/resources/static), served at {@code /}; this package
 * adds what the page needs beyond the HTTP API: the collision shapes of the world ({@code /dashboard/scene}) and a
 * compact, throttled stream of the links' poses ({@code /dashboard/poses}, on the shared {@code io.orrery.sse}
 * stream). A surface: it reads the world through the use cases of {@code io.orrery.app}; may use {@code app},
 * {@code sse}, {@code ops} and the records below them, never {@code world.sdf} or another surface.
 */
package io.orrery.web;
