/**
 * A Foxglove server: Foxglove and Lichtblick connect to {@code ws://HOST:PORT/foxglove} with Foxglove's WebSocket
 * protocol ({@code foxglove.sdk.v1} or {@code foxglove.websocket.v1}) and see every bus topic as a protobuf channel
 * (gz-msgs' schemas), the world drawn ({@code foxglove.SceneUpdate}, {@code foxglove.FrameTransforms}) and sim time;
 * they publish on the topics systems subscribe to, call world control as services and set the real-time factor as
 * a parameter, behind {@code orrery.api.token} as every change over HTTP is; at {@code /foxglove/playback} a
 * recording plays back ({@code Playback}). May use {@code app} (its use cases, as the HTTP API does), {@code ops}
 * (the token and the allowed origins), the MCAP reader, the topic bus and the world records below; never
 * {@code world.sdf}, the runner's wiring or another surface.
 *
 * <p>Threads: the WebSocket's, which read requests and post commands; one tick that follows the bus; a send pool,
 * one sender at a time per client. The runner's thread only hands each message to the subscribers' bounded queues.
 */
package io.orrery.transport.foxglove;
