package io.orrery.render;

import java.util.stream.IntStream;

/** The names of the OpenGL objects a scene or camera holds, by kind: what closing it must delete. */
record GlNames(int[] vertexArrays, int[] buffers, int[] textures, int[] framebuffers, int[] renderbuffers) {

    static GlNames ofScene(IntStream vertexArrays, IntStream buffers, IntStream textures) {
        return new GlNames(vertexArrays.toArray(), buffers.toArray(), textures.toArray(), new int[0], new int[0]);
    }

    static GlNames ofCamera(int framebuffer, int[] renderbuffers) {
        return new GlNames(
                new int[0],
                new int[0],
                new int[0],
                new int[] {framebuffer},
                IntStream.of(renderbuffers).filter(n -> n != 0).toArray());
    }
}
