package io.orrery.render;

import static org.lwjgl.egl.EGL10.EGL_CONFIG_ID;
import static org.lwjgl.egl.EGL10.EGL_EXTENSIONS;
import static org.lwjgl.egl.EGL10.EGL_HEIGHT;
import static org.lwjgl.egl.EGL10.EGL_NONE;
import static org.lwjgl.egl.EGL10.EGL_NO_CONTEXT;
import static org.lwjgl.egl.EGL10.EGL_NO_DISPLAY;
import static org.lwjgl.egl.EGL10.EGL_NO_SURFACE;
import static org.lwjgl.egl.EGL10.EGL_PBUFFER_BIT;
import static org.lwjgl.egl.EGL10.EGL_SURFACE_TYPE;
import static org.lwjgl.egl.EGL10.EGL_VENDOR;
import static org.lwjgl.egl.EGL10.EGL_VERSION;
import static org.lwjgl.egl.EGL10.EGL_WIDTH;
import static org.lwjgl.egl.EGL10.eglChooseConfig;
import static org.lwjgl.egl.EGL10.eglCreateContext;
import static org.lwjgl.egl.EGL10.eglCreatePbufferSurface;
import static org.lwjgl.egl.EGL10.eglDestroyContext;
import static org.lwjgl.egl.EGL10.eglDestroySurface;
import static org.lwjgl.egl.EGL10.eglGetError;
import static org.lwjgl.egl.EGL10.eglInitialize;
import static org.lwjgl.egl.EGL10.eglMakeCurrent;
import static org.lwjgl.egl.EGL10.eglQueryContext;
import static org.lwjgl.egl.EGL10.eglQueryString;
import static org.lwjgl.egl.EGL12.EGL_RENDERABLE_TYPE;
import static org.lwjgl.egl.EGL12.eglBindAPI;
import static org.lwjgl.egl.EGL14.EGL_OPENGL_API;
import static org.lwjgl.egl.EGL14.EGL_OPENGL_BIT;
import static org.lwjgl.egl.EGL15.EGL_CONTEXT_MAJOR_VERSION;
import static org.lwjgl.egl.EGL15.EGL_CONTEXT_MINOR_VERSION;
import static org.lwjgl.egl.EGL15.EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT;
import static org.lwjgl.egl.EGL15.EGL_CONTEXT_OPENGL_PROFILE_MASK;

import java.nio.IntBuffer;
import java.util.ArrayList;
import java.util.List;
import org.lwjgl.PointerBuffer;
import org.lwjgl.egl.EGL;
import org.lwjgl.egl.EGLCapabilities;
import org.lwjgl.egl.EXTDeviceEnumeration;
import org.lwjgl.opengl.GL;
import org.lwjgl.system.Configuration;
import org.lwjgl.system.JNI;
import org.lwjgl.system.Library;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.system.SharedLibrary;

/**
 * EGL for the whole process: the library, loaded once, and one display with no window system behind it: Mesa's
 * surfaceless platform where there is one (any Mesa driver, llvmpipe on the CPU among them), else the first device
 * of EGL_EXT_platform_device (a GPU vendor's EGL). Each renderer makes its own context on that display.
 */
final class Egl {

    /** EGL_MESA_platform_surfaceless's platform; LWJGL has no constant for it. */
    private static final int PLATFORM_SURFACELESS_MESA = 0x31DD;

    private static final int PLATFORM_DEVICE_EXT = 0x313F;

    static {
        // LWJGL would otherwise load EGL and OpenGL (through GLX) the moment their classes are first touched
        Configuration.EGL_EXPLICIT_INIT.set(true);
        Configuration.OPENGL_EXPLICIT_INIT.set(true);
    }

    /** An initialised display: its handle, the platform it came from and what EGL says of itself. */
    record Display(long handle, String platform, String vendor, String version, boolean surfaceless) {}

    private static String library;
    private static Display display;

    private Egl() {}

    /** The process's display, loading EGL from {@code requested} first if nothing has loaded it yet. */
    static synchronized Display display(String requested) {
        load(requested);
        if (display == null) {
            display = open();
        }
        return display;
    }

    private static void load(String requested) {
        if (library != null) {
            if (!library.equals(requested)) {
                refuseAnother(requested);
            }
            return;
        }
        try {
            if (requested.isEmpty()) {
                EGL.create();
            } else {
                EGL.create(requested);
            }
        } catch (RuntimeException | LinkageError e) {
            throw new RenderException(
                    "EGL could not be loaded" + (requested.isEmpty() ? "" : " from " + requested) + " ("
                            + e.getMessage() + "): " + RenderException.installHint(),
                    e);
        }
        try {
            GL.create(EGL.getFunctionProvider());
        } catch (RuntimeException | LinkageError e) {
            throw new RenderException(
                    "OpenGL could not be loaded through EGL (" + e.getMessage() + "): " + RenderException.installHint(),
                    e);
        }
        library = requested;
    }

    /** EGL is loaded once a process: a second library is refused, a missing one named as missing. */
    private static void refuseAnother(String requested) {
        try (SharedLibrary other = Library.loadNative(Egl.class, "org.lwjgl.egl", requested)) {
            throw new RenderException("EGL is already loaded from '" + library + "' in this process; a renderer"
                    + " cannot load '" + other.getPath() + "' as well");
        } catch (UnsatisfiedLinkError e) {
            throw new RenderException(
                    "EGL could not be loaded from " + requested + " (" + e.getMessage() + "): "
                            + RenderException.installHint(),
                    e);
        }
    }

    private static Display open() {
        String client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
        String extensions = client == null ? "" : client;
        List<String> tried = new ArrayList<>();
        if (extensions.contains("EGL_MESA_platform_surfaceless")) {
            Display d = initialise(platformDisplay(PLATFORM_SURFACELESS_MESA, 0), "surfaceless");
            if (d != null) {
                return d;
            }
            tried.add("Mesa's surfaceless platform (error 0x" + Integer.toHexString(eglGetError()) + ")");
        }
        if (extensions.contains("EGL_EXT_platform_device")) {
            for (long device : devices()) {
                Display d = initialise(platformDisplay(PLATFORM_DEVICE_EXT, device), "device");
                if (d != null) {
                    return d;
                }
            }
            tried.add("every EGL device (error 0x" + Integer.toHexString(eglGetError()) + ")");
        }
        throw new RenderException("EGL has no display without a window system: "
                + (tried.isEmpty()
                        ? "it offers neither EGL_MESA_platform_surfaceless nor EGL_EXT_platform_device"
                        : "tried " + String.join(", ", tried))
                + "; " + RenderException.installHint());
    }

    /** eglGetPlatformDisplay, called directly: LWJGL's checks refuse EGL_DEFAULT_DISPLAY (0) as a native display. */
    private static long platformDisplay(int platform, long nativeDisplay) {
        EGLCapabilities caps = EGL.getCapabilities();
        long function = caps.eglGetPlatformDisplay != 0 ? caps.eglGetPlatformDisplay : caps.eglGetPlatformDisplayEXT;
        if (function == 0) {
            return 0;
        }
        return JNI.callPPP(platform, nativeDisplay, 0L, function);
    }

    private static List<Long> devices() {
        List<Long> found = new ArrayList<>();
        if (EGL.getCapabilities().eglQueryDevicesEXT == 0) {
            return found;
        }
        try (MemoryStack stack = MemoryStack.stackPush()) {
            PointerBuffer devices = stack.mallocPointer(16);
            IntBuffer count = stack.mallocInt(1);
            if (EXTDeviceEnumeration.eglQueryDevicesEXT(devices, count)) {
                for (int i = 0; i < count.get(0); i++) {
                    found.add(devices.get(i));
                }
            }
        }
        return found;
    }

    private static Display initialise(long handle, String platform) {
        if (handle == 0) {
            return null;
        }
        try (MemoryStack stack = MemoryStack.stackPush()) {
            IntBuffer major = stack.mallocInt(1);
            IntBuffer minor = stack.mallocInt(1);
            if (!eglInitialize(handle, major, minor)) {
                return null;
            }
            EGLCapabilities caps = EGL.createDisplayCapabilities(handle, major.get(0), minor.get(0));
            return new Display(
                    handle,
                    platform,
                    eglQueryString(handle, EGL_VENDOR),
                    eglQueryString(handle, EGL_VERSION),
                    caps.EGL_KHR_surfaceless_context);
        }
    }

    /** A context with no window and, where EGL allows, no surface. */
    record Context(long context, long surface) {}

    /** An OpenGL 3.3 core context on the display, current on the calling thread. */
    static synchronized Context createContext(Display d) {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            if (!eglBindAPI(EGL_OPENGL_API)) {
                throw new RenderException("EGL cannot make OpenGL contexts here (error 0x"
                        + Integer.toHexString(eglGetError()) + "): " + RenderException.installHint());
            }
            PointerBuffer configs = stack.mallocPointer(1);
            IntBuffer count = stack.mallocInt(1);
            IntBuffer wanted =
                    stack.ints(EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE);
            if (!eglChooseConfig(d.handle(), wanted, configs, count) || count.get(0) == 0) {
                throw new RenderException("EGL offers no configuration for offscreen OpenGL (error 0x"
                        + Integer.toHexString(eglGetError()) + "): " + RenderException.installHint());
            }
            long config = configs.get(0);
            IntBuffer attributes = stack.ints(
                    EGL_CONTEXT_MAJOR_VERSION,
                    3,
                    EGL_CONTEXT_MINOR_VERSION,
                    3,
                    EGL_CONTEXT_OPENGL_PROFILE_MASK,
                    EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                    EGL_NONE);
            long context = eglCreateContext(d.handle(), config, EGL_NO_CONTEXT, attributes);
            if (context == EGL_NO_CONTEXT) {
                throw new RenderException("EGL could not create an OpenGL 3.3 core context (error 0x"
                        + Integer.toHexString(eglGetError()) + "): the driver needs OpenGL 3.3; "
                        + RenderException.installHint());
            }
            long surface = EGL_NO_SURFACE;
            if (!d.surfaceless()) {
                surface =
                        eglCreatePbufferSurface(d.handle(), config, stack.ints(EGL_WIDTH, 1, EGL_HEIGHT, 1, EGL_NONE));
            }
            if (!eglMakeCurrent(d.handle(), surface, surface, context)) {
                int error = eglGetError();
                eglDestroyContext(d.handle(), context);
                throw new RenderException(
                        "EGL could not make the OpenGL context current (error 0x" + Integer.toHexString(error) + ")");
            }
            return new Context(context, surface);
        }
    }

    static void makeCurrent(Display d, Context c) {
        if (!eglMakeCurrent(d.handle(), c.surface(), c.surface(), c.context())) {
            throw new RenderException("EGL could not make a renderer's context current (error 0x"
                    + Integer.toHexString(eglGetError()) + ")");
        }
    }

    /** Whether EGL still knows the context: false once it is destroyed. */
    static synchronized boolean exists(Display d, Context c) {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            return eglQueryContext(d.handle(), c.context(), EGL_CONFIG_ID, stack.mallocInt(1));
        }
    }

    static synchronized void destroy(Display d, Context c) {
        eglMakeCurrent(d.handle(), EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
        if (c.surface() != EGL_NO_SURFACE) {
            eglDestroySurface(d.handle(), c.surface());
        }
        eglDestroyContext(d.handle(), c.context());
    }
}
