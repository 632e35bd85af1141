/**
 * Server-sent event streams, shared by the surfaces that push events to browsers and scripts (the HTTP API's
 * {@code /api/events}, the dashboard's {@code /dashboard/poses}): the client cap, the ticker, the sender pool, each
 * client's bounded queue and the cut-off of a client that stops reading, over the servlet's non-blocking output. Uses
 * the servlet API only; used by the surfaces ({@code api}, {@code web}), never by what lies below them.
 */
package io.orrery.sse;
