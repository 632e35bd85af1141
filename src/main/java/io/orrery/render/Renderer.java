package io.orrery.render;

import static org.lwjgl.opengl.GL33C.GL_MAX_RENDERBUFFER_SIZE;
import static org.lwjgl.opengl.GL33C.GL_RENDERER;
import static org.lwjgl.opengl.GL33C.GL_VERSION;
import static org.lwjgl.opengl.GL33C.glGetInteger;
import static org.lwjgl.opengl.GL33C.glGetString;

import io.orrery.world.WorldSpec;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.lwjgl.opengl.GL;
import org.lwjgl.opengl.GLCapabilities;

/**
 * An offscreen OpenGL renderer with no display and no X server: one OpenGL 3.3 core context through EGL (Mesa's
 * llvmpipe on the CPU where there is no GPU), drawing into framebuffer objects.
 *
 * <p>Threading: a renderer belongs to the thread that opened it. Its context is current on that thread, and every
 * call on it, its scenes and its cameras from another thread is refused with an {@link IllegalStateException}; a
 * thread that draws opens its own renderer. Several renderers may share one thread (each call makes its own context
 * current). {@link #close} frees its scenes and cameras with it.
 */
public final class Renderer implements AutoCloseable {

    /** The renderer whose context is current on each thread, so a switch costs a call only when one is needed. */
    private static final ThreadLocal<Renderer> CURRENT = new ThreadLocal<>();

    private final Thread owner;
    private final RenderSettings settings;
    private final Egl.Display display;
    private final Egl.Context context;
    private final GLCapabilities capabilities;
    private final String description;
    private final int maxRenderbuffer;
    private final Program surface;
    private final Program depth;
    private final List<RenderScene> scenes = new ArrayList<>();
    private final List<RenderCamera> cameras = new ArrayList<>();
    private boolean closed;

    private Renderer(RenderSettings settings) {
        this.owner = Thread.currentThread();
        this.settings = settings;
        this.display = Egl.display(settings.eglLibrary());
        this.context = Egl.createContext(display);
        try {
            this.capabilities = GL.createCapabilities();
            if (!capabilities.OpenGL33) {
                throw new RenderException("the OpenGL driver (" + glGetString(GL_RENDERER) + ") lacks OpenGL 3.3; "
                        + RenderException.installHint());
            }
            if (!capabilities.OpenGL45 && !capabilities.GL_ARB_clip_control) {
                throw new RenderException("the OpenGL driver (" + glGetString(GL_RENDERER) + ", "
                        + glGetString(GL_VERSION) + ") lacks clip control (OpenGL 4.5 or ARB_clip_control), which"
                        + " depth images need; " + RenderException.installHint());
            }
            this.description = glGetString(GL_RENDERER) + ", OpenGL " + glGetString(GL_VERSION) + ", EGL "
                    + display.version() + " (" + display.vendor() + ") on the " + display.platform() + " platform";
            this.maxRenderbuffer = glGetInteger(GL_MAX_RENDERBUFFER_SIZE);
            this.surface = new Program(Shaders.VERTEX, Shaders.SURFACE);
            this.depth = new Program(Shaders.VERTEX, Shaders.DEPTH);
        } catch (RuntimeException e) {
            GL.setCapabilities(null);
            CURRENT.remove();
            Egl.destroy(display, context);
            throw e;
        }
        CURRENT.set(this);
    }

    /** A renderer with the default settings, on the calling thread. */
    public static Renderer open() {
        return open(RenderSettings.DEFAULT);
    }

    /**
     * A renderer on the calling thread.
     *
     * @throws RenderException when EGL or a suitable OpenGL driver is not there, naming what to install
     */
    public static Renderer open(RenderSettings settings) {
        return new Renderer(Objects.requireNonNull(settings, "settings"));
    }

    /** The GPU (or llvmpipe), OpenGL and EGL versions and the EGL platform, for logs and benchmark reports. */
    public String description() {
        return description;
    }

    public RenderSettings settings() {
        return settings;
    }

    /** The world's visuals, lights and scene on the GPU, every link at its pose in the records. */
    public RenderScene scene(WorldSpec world) {
        checkThread();
        RenderScene scene = new RenderScene(this, world, settings);
        scenes.add(scene);
        return scene;
    }

    /**
     * A camera that reads back the given outputs after each frame.
     *
     * @param segmentation how the segmentation output is encoded (ignored without it)
     * @throws IllegalArgumentException when the image is larger than the settings or the driver allow
     */
    public RenderCamera camera(CameraModel model, Set<RenderOutput> outputs, SegmentationType segmentation) {
        checkThread();
        checkSize(model);
        if (outputs.isEmpty()) {
            throw new IllegalArgumentException(
                    "a camera needs at least one output: " + EnumSet.allOf(RenderOutput.class));
        }
        RenderCamera camera = new RenderCamera(this, model, EnumSet.copyOf(outputs), segmentation);
        cameras.add(camera);
        return camera;
    }

    /**
     * A wide-angle camera: the scene drawn into a cube of {@code lens.envTextureSize()} pixels a side, mapped through
     * the lens into an image of {@code model}'s size (its intrinsics are not used), colour only.
     *
     * @throws IllegalArgumentException when the image or a face is larger than the settings or the driver allow
     */
    public WideAngleCamera wideAngleCamera(CameraModel model, CameraLens lens) {
        checkThread();
        checkSize(model);
        int n = lens.envTextureSize();
        CameraModel cube =
                CameraModel.of(n, n, Math.PI / 2, model.near(), model.far()).withVisibilityMask(model.visibilityMask());
        RenderCamera face = camera(cube, EnumSet.of(RenderOutput.COLOR), SegmentationType.SEMANTIC);
        try {
            return new WideAngleCamera(model, lens, face);
        } catch (RuntimeException e) {
            face.close();
            throw e;
        }
    }

    private void checkSize(CameraModel model) {
        long pixels = (long) model.width() * model.height();
        int side = Math.min(settings.maxImageSide(), maxRenderbuffer);
        if (model.width() > side || model.height() > side || pixels > settings.maxImagePixels()) {
            throw new IllegalArgumentException("a " + model.width() + " × " + model.height() + " image is larger than"
                    + " a camera may have: at most " + side + " pixels a side and " + settings.maxImagePixels()
                    + " pixels in all");
        }
    }

    Program surfaceProgram() {
        return surface;
    }

    Program depthProgram() {
        return depth;
    }

    /** Refuses another thread, and makes this renderer's context current on its own. */
    void checkThread() {
        if (Thread.currentThread() != owner) {
            throw new IllegalStateException("a renderer is used only by the thread that opened it ('" + owner.getName()
                    + "'); this is '" + Thread.currentThread().getName() + "'");
        }
        if (closed) {
            throw new IllegalStateException("the renderer is closed");
        }
        if (CURRENT.get() != this) {
            Egl.makeCurrent(display, context);
            GL.setCapabilities(capabilities);
            CURRENT.set(this);
        }
    }

    /** Whether EGL still knows this renderer's context: false once it is closed. */
    boolean contextExists() {
        return Egl.exists(display, context);
    }

    void forget(RenderScene scene) {
        scenes.remove(scene);
    }

    void forget(RenderCamera camera) {
        cameras.remove(camera);
    }

    /** Frees the context with its scenes and cameras; the owning thread only. Closing twice does nothing. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        checkThread();
        scenes.forEach(RenderScene::release);
        cameras.forEach(RenderCamera::release);
        scenes.clear();
        cameras.clear();
        surface.delete();
        depth.delete();
        closed = true;
        GL.setCapabilities(null);
        CURRENT.remove();
        Egl.destroy(display, context);
    }
}
