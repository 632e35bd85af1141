/**
 * The browser dashboard: the page itself is static (src/main/resources/static), served at {@code /}; this package
 * adds what the page needs beyond the HTTP API: the collision shapes of the world ({@code /dashboard/scene}) and a
 * compact, throttled stream of the links' poses ({@code /dashboard/poses}).
 */
package io.orrery.web;
