package io.orrery.world.mesh;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The one thread that runs native mesh work (Assimp's imports, V-HACD's decompositions), with a stack of its own of
 * {@value #STACK_BYTES} bytes: both libraries recurse on the native stack, so how deep a file may nest must not
 * depend on whose thread asked (a Tomcat thread, the runner, gz-transport's). Measured with Assimp on a 256 KiB stack:
 * 150 nested COLLADA nodes, 1,000 chained glTF nodes or 5,000 nested JSON arrays overflow it; on 1 MiB about 1,000,
 * 5,000 and over 30,000. {@link MeshPreScan}'s bounds (256, 256 and 64) keep tens of times below what this stack
 * holds. One thread, so that Assimp's error string (a global) belongs to the import that set it, and so that no
 * caller ever runs a decomposition on its own thread.
 */
public final class NativeMeshThread {

    /** 64 MiB: reserved address space, touched only as deep as the work recurses. */
    static final long STACK_BYTES = 64L << 20;

    private static final ExecutorService THREAD = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(null, r, "orrery-native-mesh", STACK_BYTES);
        t.setDaemon(true);
        return t;
    });

    private static volatile Thread current;

    private NativeMeshThread() {}

    /**
     * Runs {@code work} on the native mesh thread and waits for it; on that thread already, runs it here.
     *
     * @throws MeshException when the caller is interrupted while it waits (the work runs on)
     */
    public static <T> T call(Callable<T> work) {
        if (Thread.currentThread() == current) {
            return callHere(work);
        }
        Future<T> result = THREAD.submit(() -> {
            current = Thread.currentThread();
            return callHere(work);
        });
        try {
            return result.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MeshException("interrupted while waiting for the mesh to be read", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw new MeshException(String.valueOf(cause), cause);
        }
    }

    private static <T> T callHere(Callable<T> work) {
        try {
            return work.call();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new MeshException(String.valueOf(e), e);
        }
    }
}
