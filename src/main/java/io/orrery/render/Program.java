package io.orrery.render;

import static org.lwjgl.opengl.GL33C.GL_COMPILE_STATUS;
import static org.lwjgl.opengl.GL33C.GL_FRAGMENT_SHADER;
import static org.lwjgl.opengl.GL33C.GL_LINK_STATUS;
import static org.lwjgl.opengl.GL33C.GL_VERTEX_SHADER;
import static org.lwjgl.opengl.GL33C.glAttachShader;
import static org.lwjgl.opengl.GL33C.glCompileShader;
import static org.lwjgl.opengl.GL33C.glCreateProgram;
import static org.lwjgl.opengl.GL33C.glCreateShader;
import static org.lwjgl.opengl.GL33C.glDeleteProgram;
import static org.lwjgl.opengl.GL33C.glDeleteShader;
import static org.lwjgl.opengl.GL33C.glGetProgramInfoLog;
import static org.lwjgl.opengl.GL33C.glGetProgrami;
import static org.lwjgl.opengl.GL33C.glGetShaderInfoLog;
import static org.lwjgl.opengl.GL33C.glGetShaderi;
import static org.lwjgl.opengl.GL33C.glGetUniformLocation;
import static org.lwjgl.opengl.GL33C.glLinkProgram;
import static org.lwjgl.opengl.GL33C.glShaderSource;
import static org.lwjgl.opengl.GL33C.glUseProgram;

import java.util.HashMap;
import java.util.Map;

/** A linked GLSL program and its uniforms' locations, looked up once. */
final class Program {

    private final int id;
    private final Map<String, Integer> uniforms = new HashMap<>();

    Program(String vertex, String fragment) {
        int vs = compile(GL_VERTEX_SHADER, vertex);
        int fs = compile(GL_FRAGMENT_SHADER, fragment);
        id = glCreateProgram();
        glAttachShader(id, vs);
        glAttachShader(id, fs);
        glLinkProgram(id);
        glDeleteShader(vs);
        glDeleteShader(fs);
        if (glGetProgrami(id, GL_LINK_STATUS) == 0) {
            String log = glGetProgramInfoLog(id);
            glDeleteProgram(id);
            throw new RenderException("the OpenGL driver could not link Orrery's shaders: " + log);
        }
    }

    private static int compile(int type, String source) {
        int shader = glCreateShader(type);
        glShaderSource(shader, source);
        glCompileShader(shader);
        if (glGetShaderi(shader, GL_COMPILE_STATUS) == 0) {
            String log = glGetShaderInfoLog(shader);
            glDeleteShader(shader);
            throw new RenderException("the OpenGL driver could not compile Orrery's shaders: " + log);
        }
        return shader;
    }

    void use() {
        glUseProgram(id);
    }

    /** The uniform's location (−1 when the driver optimised it away, which OpenGL ignores). */
    int uniform(String name) {
        return uniforms.computeIfAbsent(name, n -> glGetUniformLocation(id, n));
    }

    void delete() {
        glDeleteProgram(id);
    }
}
