package io.orrery.render;

import static org.lwjgl.opengl.GL33C.GL_BACK;
import static org.lwjgl.opengl.GL33C.GL_BLEND;
import static org.lwjgl.opengl.GL33C.GL_COLOR;
import static org.lwjgl.opengl.GL33C.GL_COLOR_ATTACHMENT0;
import static org.lwjgl.opengl.GL33C.GL_COLOR_ATTACHMENT1;
import static org.lwjgl.opengl.GL33C.GL_COLOR_ATTACHMENT2;
import static org.lwjgl.opengl.GL33C.GL_CULL_FACE;
import static org.lwjgl.opengl.GL33C.GL_CW;
import static org.lwjgl.opengl.GL33C.GL_DEPTH;
import static org.lwjgl.opengl.GL33C.GL_DEPTH_ATTACHMENT;
import static org.lwjgl.opengl.GL33C.GL_DEPTH_COMPONENT32F;
import static org.lwjgl.opengl.GL33C.GL_DEPTH_TEST;
import static org.lwjgl.opengl.GL33C.GL_FLOAT;
import static org.lwjgl.opengl.GL33C.GL_FRAMEBUFFER;
import static org.lwjgl.opengl.GL33C.GL_FRAMEBUFFER_COMPLETE;
import static org.lwjgl.opengl.GL33C.GL_GREATER;
import static org.lwjgl.opengl.GL33C.GL_NONE;
import static org.lwjgl.opengl.GL33C.GL_ONE_MINUS_SRC_ALPHA;
import static org.lwjgl.opengl.GL33C.GL_PACK_ALIGNMENT;
import static org.lwjgl.opengl.GL33C.GL_R32F;
import static org.lwjgl.opengl.GL33C.GL_RED;
import static org.lwjgl.opengl.GL33C.GL_RENDERBUFFER;
import static org.lwjgl.opengl.GL33C.GL_RGB;
import static org.lwjgl.opengl.GL33C.GL_RGBA8;
import static org.lwjgl.opengl.GL33C.GL_SRC_ALPHA;
import static org.lwjgl.opengl.GL33C.GL_TEXTURE0;
import static org.lwjgl.opengl.GL33C.GL_TEXTURE_2D;
import static org.lwjgl.opengl.GL33C.GL_UNSIGNED_BYTE;
import static org.lwjgl.opengl.GL33C.glActiveTexture;
import static org.lwjgl.opengl.GL33C.glBindFramebuffer;
import static org.lwjgl.opengl.GL33C.glBindRenderbuffer;
import static org.lwjgl.opengl.GL33C.glBindTexture;
import static org.lwjgl.opengl.GL33C.glBlendFunc;
import static org.lwjgl.opengl.GL33C.glCheckFramebufferStatus;
import static org.lwjgl.opengl.GL33C.glClearBufferfv;
import static org.lwjgl.opengl.GL33C.glCullFace;
import static org.lwjgl.opengl.GL33C.glDeleteFramebuffers;
import static org.lwjgl.opengl.GL33C.glDeleteRenderbuffers;
import static org.lwjgl.opengl.GL33C.glDepthFunc;
import static org.lwjgl.opengl.GL33C.glDepthMask;
import static org.lwjgl.opengl.GL33C.glDisable;
import static org.lwjgl.opengl.GL33C.glDisablei;
import static org.lwjgl.opengl.GL33C.glDrawBuffers;
import static org.lwjgl.opengl.GL33C.glEnable;
import static org.lwjgl.opengl.GL33C.glEnablei;
import static org.lwjgl.opengl.GL33C.glFramebufferRenderbuffer;
import static org.lwjgl.opengl.GL33C.glFrontFace;
import static org.lwjgl.opengl.GL33C.glGenFramebuffers;
import static org.lwjgl.opengl.GL33C.glGenRenderbuffers;
import static org.lwjgl.opengl.GL33C.glPixelStorei;
import static org.lwjgl.opengl.GL33C.glReadBuffer;
import static org.lwjgl.opengl.GL33C.glReadPixels;
import static org.lwjgl.opengl.GL33C.glRenderbufferStorage;
import static org.lwjgl.opengl.GL33C.glUniform1f;
import static org.lwjgl.opengl.GL33C.glUniform1i;
import static org.lwjgl.opengl.GL33C.glUniform3fv;
import static org.lwjgl.opengl.GL33C.glUniform4fv;
import static org.lwjgl.opengl.GL33C.glUniformMatrix4fv;
import static org.lwjgl.opengl.GL33C.glViewport;
import static org.lwjgl.opengl.GL45C.GL_LOWER_LEFT;
import static org.lwjgl.opengl.GL45C.GL_ZERO_TO_ONE;
import static org.lwjgl.opengl.GL45C.glClipControl;

import io.orrery.world.Pose;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.Objects;
import java.util.Set;

/**
 * A camera's framebuffer and its images, read back into direct buffers it allocates once: each frame writes over
 * them, so a frame makes no garbage. A colour or segmentation image comes from one pass (both at once), a depth image
 * from another. Belongs to its renderer and its thread.
 *
 * <p>Depth is reversed (1 at the near plane, 0 far away, compared with GL_GREATER) in a 32-bit float buffer, so the
 * nearest surface is found with about the float's own relative precision at any distance; the depth value itself is
 * computed in the eye frame and written as a float, not read from the depth buffer.
 */
public final class RenderCamera implements FrameCamera {

    /** How much nearer than the near clip the depth pass still draws, so that a surface there reads −inf. */
    private static final double DEPTH_PASS_NEAR_FACTOR = 1e-3;

    private final Renderer renderer;
    private final CameraModel model;
    private final Set<RenderOutput> outputs;
    private final SegmentationType segmentation;
    private final int framebuffer;
    private final int[] renderbuffers = new int[4];
    private final ByteBuffer color;
    private final FloatBuffer depth;
    private final ByteBuffer labels;
    private final ByteBuffer colorView;
    private final FloatBuffer depthView;
    private final ByteBuffer labelsView;
    private final Uniforms surface;
    private final Uniforms depthUniforms;
    private final float[] projection = new float[16];
    private final double[] view = new double[16];
    private final double[] scratchA = new double[16];
    private final double[] scratchB = new double[16];
    private final double[] bodyView = new double[16];
    private final double[] modelView = new double[16];
    private final float[] matrix = new float[16];
    private final float[] one = new float[4];
    private final float[] four = new float[4];
    private final LightUniforms lightUniforms = new LightUniforms();
    private final int[] surfaceBuffers = new int[2];
    private final int[] depthBuffers = {GL_COLOR_ATTACHMENT2};
    private boolean closed;

    RenderCamera(Renderer renderer, CameraModel model, Set<RenderOutput> outputs, SegmentationType segmentation) {
        this.renderer = renderer;
        this.model = model;
        this.outputs = outputs;
        this.segmentation = Objects.requireNonNull(segmentation, "segmentation");
        int w = model.width();
        int h = model.height();
        framebuffer = glGenFramebuffers();
        glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
        renderbuffers[0] = attach(GL_COLOR_ATTACHMENT0, GL_RGBA8, outputs.contains(RenderOutput.COLOR));
        renderbuffers[1] = attach(GL_COLOR_ATTACHMENT1, GL_RGBA8, outputs.contains(RenderOutput.SEGMENTATION));
        renderbuffers[2] = attach(GL_COLOR_ATTACHMENT2, GL_R32F, outputs.contains(RenderOutput.DEPTH));
        renderbuffers[3] = attach(GL_DEPTH_ATTACHMENT, GL_DEPTH_COMPONENT32F, true);
        glDrawBuffers(GL_NONE);
        int status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        if (status != GL_FRAMEBUFFER_COMPLETE) {
            release();
            throw new RenderException("the OpenGL driver cannot draw into a " + w + " × " + h + " framebuffer"
                    + " (status 0x" + Integer.toHexString(status) + ")");
        }
        int pixels = w * h;
        color = allocate(outputs.contains(RenderOutput.COLOR) ? pixels * 3 : 0);
        labels = allocate(outputs.contains(RenderOutput.SEGMENTATION) ? pixels * 3 : 0);
        depth = allocate(outputs.contains(RenderOutput.DEPTH) ? pixels * Float.BYTES : 0)
                .asFloatBuffer();
        colorView = color.asReadOnlyBuffer();
        labelsView = labels.asReadOnlyBuffer();
        depthView = depth.asReadOnlyBuffer();
        surface = new Uniforms(renderer.surfaceProgram());
        depthUniforms = new Uniforms(renderer.depthProgram());
        lightUniforms.locate(renderer.surfaceProgram());
    }

    private int attach(int attachment, int format, boolean wanted) {
        if (!wanted) {
            return 0;
        }
        int rb = glGenRenderbuffers();
        glBindRenderbuffer(GL_RENDERBUFFER, rb);
        glRenderbufferStorage(GL_RENDERBUFFER, format, model.width(), model.height());
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, attachment, GL_RENDERBUFFER, rb);
        return rb;
    }

    private static ByteBuffer allocate(int bytes) {
        return ByteBuffer.allocateDirect(bytes).order(ByteOrder.nativeOrder());
    }

    public CameraModel model() {
        return model;
    }

    public Set<RenderOutput> outputs() {
        return Set.copyOf(outputs);
    }

    /**
     * Draws the scene seen from {@code pose} (the camera in the world, SDF's convention: looking along its +X, +Z up)
     * and reads back every output into this camera's buffers.
     */
    public void render(RenderScene scene, Pose pose) {
        renderer.checkThread();
        if (closed) {
            throw new IllegalStateException("the camera is closed");
        }
        if (scene.renderer() != renderer || scene.isClosed()) {
            throw new IllegalArgumentException("the scene belongs to another renderer or is closed");
        }
        Matrices.view(pose, scratchA, scratchB, view);
        glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
        glViewport(0, 0, model.width(), model.height());
        glClipControl(GL_LOWER_LEFT, GL_ZERO_TO_ONE);
        glEnable(GL_DEPTH_TEST);
        glDepthFunc(GL_GREATER);
        glEnable(GL_CULL_FACE);
        glCullFace(GL_BACK);
        // the projection turns the image upside down (row 0 at the top), which turns the winding round too
        glFrontFace(GL_CW);
        glActiveTexture(GL_TEXTURE0);
        boolean wantColor = outputs.contains(RenderOutput.COLOR);
        boolean wantLabels = outputs.contains(RenderOutput.SEGMENTATION);
        if (wantColor || wantLabels) {
            surfacePass(scene, wantColor, wantLabels);
        }
        if (outputs.contains(RenderOutput.DEPTH)) {
            depthPass(scene);
        }
        readBack(wantColor, wantLabels);
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
    }

    private void surfacePass(RenderScene scene, boolean wantColor, boolean wantLabels) {
        surfaceBuffers[0] = wantColor ? GL_COLOR_ATTACHMENT0 : GL_NONE;
        surfaceBuffers[1] = wantLabels ? GL_COLOR_ATTACHMENT1 : GL_NONE;
        glDrawBuffers(surfaceBuffers);
        if (wantColor) {
            glClearBufferfv(GL_COLOR, 0, scene.background);
        }
        if (wantLabels) {
            four[0] = 0;
            four[1] = 0;
            four[2] = 0;
            four[3] = 1;
            glClearBufferfv(GL_COLOR, 1, four);
        }
        clearDepth();
        Program program = renderer.surfaceProgram();
        program.use();
        Projection.set(model, model.near(), model.far(), projection);
        glUniformMatrix4fv(surface.projection, false, projection);
        glUniform1i(surface.shade, wantColor ? 1 : 0);
        glUniform1i(surface.albedo, 0);
        lightUniforms.upload(scene, view, scratchA, scratchB);
        glUniform3fv(lightUniforms.sceneAmbient, scene.ambient);
        glDisable(GL_BLEND);
        glDepthMask(true);
        boolean blending = false;
        for (DrawItem item : scene.items) {
            if ((item.flags & model.visibilityMask()) == 0 || scene.hidden[item.body]) {
                continue;
            }
            if (item.transparent() && !blending) {
                // after the opaque ones: blended over what is drawn, not hiding what comes after
                blending = true;
                glEnablei(GL_BLEND, 0);
                glDisablei(GL_BLEND, 1);
                glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
                glDepthMask(false);
            }
            drawSurface(scene, item);
        }
        glDisable(GL_BLEND);
        glDepthMask(true);
    }

    private void drawSurface(RenderScene scene, DrawItem item) {
        modelView(scene, item);
        glUniformMatrix4fv(surface.modelView, false, matrix);
        glUniform4fv(surface.ambient, item.ambient);
        glUniform4fv(surface.diffuse, item.diffuse);
        glUniform4fv(surface.specular, item.specular);
        glUniform3fv(surface.emissive, item.emissive);
        glUniform1f(surface.shininess, item.shininess);
        glUniform1i(surface.lit, item.lit ? 1 : 0);
        glUniform1i(surface.doubleSided, item.doubleSided ? 1 : 0);
        glUniform1f(surface.opacity, item.opacity);
        glUniform3fv(
                surface.label,
                switch (segmentation) {
                    case SEMANTIC -> item.semantic;
                    case PANOPTIC -> item.panoptic;
                    case THERMAL -> item.thermal;
                });
        texture(surface, item);
        // a thermal camera sees every face: inside a warm body, or with its near face clipped, it reads the body's
        // temperature, as gz-sensors' thermal camera test expects of a box nearer than the near clip
        cull(item.doubleSided || segmentation == SegmentationType.THERMAL);
        item.mesh.draw();
    }

    private void depthPass(RenderScene scene) {
        glDrawBuffers(depthBuffers);
        one[0] = Float.POSITIVE_INFINITY;
        glClearBufferfv(GL_COLOR, 0, one);
        clearDepth();
        Program program = renderer.depthProgram();
        program.use();
        Projection.set(model, model.near() * DEPTH_PASS_NEAR_FACTOR, Double.POSITIVE_INFINITY, projection);
        glUniformMatrix4fv(depthUniforms.projection, false, projection);
        glUniform1f(depthUniforms.near, (float) model.near());
        glUniform1f(depthUniforms.far, (float) model.far());
        glUniform1i(depthUniforms.albedo, 0);
        glDisable(GL_BLEND);
        glDepthMask(true);
        for (DrawItem item : scene.items) {
            if ((item.flags & model.visibilityMask()) == 0 || scene.hidden[item.body]) {
                continue;
            }
            modelView(scene, item);
            glUniformMatrix4fv(depthUniforms.modelView, false, matrix);
            texture(depthUniforms, item);
            cull(item.doubleSided);
            item.mesh.draw();
        }
    }

    private void clearDepth() {
        one[0] = 0; // reversed: 0 is infinitely far
        glClearBufferfv(GL_DEPTH, 0, one);
    }

    /** The item's model-view matrix, composed in double: view × body × visual. */
    private void modelView(RenderScene scene, DrawItem item) {
        Matrices.multiply(view, scene.bodyPoses[item.body], bodyView);
        Matrices.multiply(bodyView, item.local, modelView);
        Matrices.toFloat(modelView, matrix);
    }

    private static void texture(Uniforms u, DrawItem item) {
        glUniform1i(u.textured, item.texture != 0 ? 1 : 0);
        glBindTexture(GL_TEXTURE_2D, item.texture);
    }

    private static void cull(boolean doubleSided) {
        if (doubleSided) {
            glDisable(GL_CULL_FACE);
        } else {
            glEnable(GL_CULL_FACE);
        }
    }

    private void readBack(boolean wantColor, boolean wantLabels) {
        glPixelStorei(GL_PACK_ALIGNMENT, 1);
        int w = model.width();
        int h = model.height();
        if (wantColor) {
            glReadBuffer(GL_COLOR_ATTACHMENT0);
            glReadPixels(0, 0, w, h, GL_RGB, GL_UNSIGNED_BYTE, color);
        }
        if (wantLabels) {
            glReadBuffer(GL_COLOR_ATTACHMENT1);
            glReadPixels(0, 0, w, h, GL_RGB, GL_UNSIGNED_BYTE, labels);
        }
        if (outputs.contains(RenderOutput.DEPTH)) {
            glReadBuffer(GL_COLOR_ATTACHMENT2);
            glReadPixels(0, 0, w, h, GL_RED, GL_FLOAT, depth);
        }
    }

    /** The colour image of the last frame: RGB, 3 bytes a pixel, row 0 at the top; read-only, written over each frame. */
    public ByteBuffer color() {
        require(RenderOutput.COLOR);
        return colorView.duplicate();
    }

    /** The depth image of the last frame: one float a pixel in metres, ±inf out of range; read-only, reused. */
    public FloatBuffer depth() {
        require(RenderOutput.DEPTH);
        return depthView.duplicate();
    }

    /** The segmentation label map of the last frame: 3 bytes a pixel ({@link SegmentationType}); read-only, reused. */
    public ByteBuffer segmentation() {
        require(RenderOutput.SEGMENTATION);
        return labelsView.duplicate();
    }

    private void require(RenderOutput output) {
        if (!outputs.contains(output)) {
            throw new IllegalStateException("this camera does not read back " + output + "; it reads " + outputs);
        }
    }

    /** Frees its framebuffer; the renderer's thread only. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        renderer.checkThread();
        release();
        renderer.forget(this);
    }

    /** What its close deletes. */
    GlNames glNames() {
        return GlNames.ofCamera(framebuffer, renderbuffers);
    }

    void release() {
        closed = true;
        glDeleteFramebuffers(framebuffer);
        for (int rb : renderbuffers) {
            if (rb != 0) {
                glDeleteRenderbuffers(rb);
            }
        }
    }

    /** The uniform locations one program's draws set. */
    private static final class Uniforms {
        final int modelView;
        final int projection;
        final int ambient;
        final int diffuse;
        final int specular;
        final int emissive;
        final int shininess;
        final int lit;
        final int doubleSided;
        final int opacity;
        final int label;
        final int shade;
        final int textured;
        final int albedo;
        final int near;
        final int far;

        Uniforms(Program p) {
            modelView = p.uniform("uModelView");
            projection = p.uniform("uProjection");
            ambient = p.uniform("uAmbient");
            diffuse = p.uniform("uDiffuse");
            specular = p.uniform("uSpecular");
            emissive = p.uniform("uEmissive");
            shininess = p.uniform("uShininess");
            lit = p.uniform("uLit");
            doubleSided = p.uniform("uDoubleSided");
            opacity = p.uniform("uOpacity");
            label = p.uniform("uLabel");
            shade = p.uniform("uShade");
            textured = p.uniform("uTextured");
            albedo = p.uniform("uAlbedo");
            near = p.uniform("uNear");
            far = p.uniform("uFar");
        }
    }
}
