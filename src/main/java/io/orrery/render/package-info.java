/**
 * Offscreen rendering of a world's visuals for cameras, headless: OpenGL 3.3 core through EGL (LWJGL), with no display
 * and no X server (Mesa's surfaceless platform, llvmpipe on the CPU where there is no GPU), into framebuffer objects.
 * A {@link io.orrery.render.Renderer} owns one context on one thread; a {@link io.orrery.render.RenderScene} holds a
 * world's visuals, lights and scene on the GPU, its links moved by the caller; a {@link io.orrery.render.RenderCamera}
 * reads back colour (RGB8), depth (float metres along the optical axis) and segmentation label maps, as gz-sensors
 * gives them. What is drawn, the lighting model and the conventions are in docs/cameras.md. Plain Java beside the
 * devices: it reads world records and physics' views, and the camera devices use it.
 */
package io.orrery.render;
