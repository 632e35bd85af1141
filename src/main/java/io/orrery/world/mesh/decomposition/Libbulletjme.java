package io.orrery.world.mesh.decomposition;

import com.jme3.bullet.NativePhysicsObject;
import com.jme3.bullet.util.NativeLibrary;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Loads Libbulletjme's native library once per process, for both its users: the native Bullet engine
 * ({@code physics.bullet}) and V-HACD's convex decomposition ({@link ConvexDecomposition}), which both engines' meshes
 * get as the world is read. A second copy of the library in one process would bind its natives twice, so the one
 * loader lives here, beside the decomposition, where both may reach it: the single-precision release build for this platform,
 * copied from the classpath (the {@code SpRelease} jars) to a temporary file that is loaded and then deleted
 * (Linux, macOS) or deleted at exit (Windows, which keeps a loaded library's file locked). Then starts the one
 * daemon thread that frees the native objects of Java wrappers the garbage collector has found unreachable,
 * which is how Libbulletjme frees bodies, shapes and joints.
 */
public final class Libbulletjme {

    /** Platforms with a library on the classpath: Linux and Windows on x86-64, Linux and macOS on both. */
    public static final String PLATFORMS = "Linux x86-64, Linux ARM64, Windows x86-64, macOS x86-64, macOS ARM64";

    private static volatile boolean loaded;
    /** Held so the level set on it stays: java.util.logging keeps loggers only weakly. */
    private static final Logger LIBRARY_LOG = Logger.getLogger("com.jme3");

    private static final Logger SPACE_LOG = Logger.getLogger("com.jme3.bullet.PhysicsSpace");

    private Libbulletjme() {}

    /** Loads the library if this process has not yet; throws naming the platform when there is none for it. */
    public static void load() {
        if (loaded) {
            return;
        }
        synchronized (Libbulletjme.class) {
            if (loaded) {
                return;
            }
            // Libbulletjme's assertions (on under -ea, as in tests) check its own debugging expectations; one of them
            // insists a constraint's applied impulse is a magnitude, where Bullet gives it signed and Orrery reads
            // the sign. They must be off before its classes initialise.
            ClassLoader loader = Libbulletjme.class.getClassLoader();
            loader.setPackageAssertionStatus("com.jme3", false);
            loader.setPackageAssertionStatus("jme3utilities", false);
            String resource = resource(System.getProperty("os.name"), System.getProperty("os.arch"));
            Path file = extract(resource);
            System.load(file.toString());
            if (!file.toFile().delete()) {
                file.toFile().deleteOnExit();
            }
            NativeLibrary.setStartupMessageEnabled(false);
            // Libbulletjme logs every native object it creates at INFO, and a warning for every step taken on
            // another thread than the one that built the space; Orrery may build a world on one thread and step it
            // on the runner's, which is safe (the library attaches the stepping thread).
            LIBRARY_LOG.setLevel(Level.WARNING);
            SPACE_LOG.setLevel(Level.SEVERE);
            Thread cleaner = new Thread(NativePhysicsObject::freeUnusedObjects, "orrery-bullet-cleaner");
            cleaner.setDaemon(true);
            cleaner.start();
            loaded = true;
        }
    }

    /** The classpath resource of the library for an {@code os.name} and {@code os.arch}. */
    public static String resource(String osName, String osArch) {
        String os = osName.toLowerCase(Locale.ROOT);
        String arch = osArch.toLowerCase(Locale.ROOT);
        boolean x64 = arch.equals("amd64") || arch.equals("x86_64");
        boolean arm64 = arch.equals("aarch64") || arch.equals("arm64");
        if (os.contains("linux") && x64) {
            return "native/linux/x86_64/libbulletjme.so";
        }
        if (os.contains("linux") && arm64) {
            return "native/linux/arm64/libbulletjme.so";
        }
        if (os.contains("windows") && x64) {
            return "native/windows/x86_64/bulletjme.dll";
        }
        if ((os.contains("mac") || os.contains("darwin")) && x64) {
            return "native/osx/x86_64/libbulletjme.dylib";
        }
        if ((os.contains("mac") || os.contains("darwin")) && arm64) {
            return "native/osx/arm64/libbulletjme.dylib";
        }
        throw new UnsupportedOperationException("orrery.physics.engine=bullet has no native library for " + osName
                + " on " + osArch + "; it runs on " + PLATFORMS + " (orrery.physics.engine=jbullet runs anywhere)");
    }

    private static Path extract(String resource) {
        try (InputStream in = Libbulletjme.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("the native Bullet library " + resource
                        + " is not on the classpath: the Libbulletjme SpRelease jars are missing");
            }
            String name = resource.substring(resource.lastIndexOf('/') + 1);
            Path dir = Files.createTempDirectory("orrery-bullet");
            dir.toFile().deleteOnExit();
            Path file = dir.resolve(name);
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("could not copy the native Bullet library " + resource, e);
        }
    }
}
