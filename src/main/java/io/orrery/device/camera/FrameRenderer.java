package io.orrery.device.camera;

import io.orrery.render.CameraLens;
import io.orrery.render.CameraModel;
import io.orrery.render.FrameCamera;
import io.orrery.render.RenderOutput;
import io.orrery.render.RenderScene;
import io.orrery.render.Renderer;
import io.orrery.render.SegmentationType;
import io.orrery.world.Pose;
import io.orrery.world.WorldSpec;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One camera's renderer on a thread of its own, so the step never waits for a frame: the thread opens a renderer,
 * builds the world's scene and the camera, then draws each frame handed to it and passes the images on. A frame is
 * handed over without waiting; while the thread draws, the newest frame waits and an older waiting one is dropped
 * (counted), so a camera that cannot keep up skips frames instead of slowing the world.
 */
final class FrameRenderer implements AutoCloseable {

    /** What is done with a drawn frame, on the rendering thread, its images in the camera's buffers. */
    interface Sink {
        void accept(Frame frame, FrameCamera camera);
    }

    private static final Logger LOG = LoggerFactory.getLogger(FrameRenderer.class);

    private final String name;
    private final Thread thread;
    private final CompletableFuture<List<RenderScene.Body>> ready = new CompletableFuture<>();
    private final Object lock = new Object();
    private Frame waiting;
    /** Frames asked for on demand, drawn before {@link #waiting} and never dropped. */
    private final Queue<Frame> demanded = new ArrayDeque<>();

    private boolean drawing;
    private boolean closed;
    private long dropped;
    private long drawn;
    private boolean warned;

    FrameRenderer(
            String name,
            WorldSpec world,
            CameraModel model,
            Set<RenderOutput> outputs,
            SegmentationType segmentation,
            CameraLens lens,
            Sink sink) {
        this.name = name;
        this.thread = new Thread(() -> run(world, model, outputs, segmentation, lens, sink), "orrery-camera-" + name);
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Waits until the thread has its renderer and scene, and returns the scene's bodies.
     *
     * @throws io.orrery.render.RenderException when it cannot render (no EGL, no suitable driver)
     * @throws IllegalArgumentException when the camera cannot be made (an image beyond the bounds)
     */
    List<RenderScene.Body> awaitReady() {
        try {
            return ready.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            close();
            throw new IllegalStateException("interrupted while camera '" + name + "' opened its renderer", e);
        } catch (ExecutionException e) {
            close();
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /** {@code lens}: a wide-angle camera's, null for a pinhole camera. */
    private void run(
            WorldSpec world,
            CameraModel model,
            Set<RenderOutput> outputs,
            SegmentationType segmentation,
            CameraLens lens,
            Sink sink) {
        try (Renderer renderer = Renderer.open();
                RenderScene scene = renderer.scene(world);
                FrameCamera camera = lens == null
                        ? renderer.camera(model, outputs, segmentation)
                        : renderer.wideAngleCamera(model, lens)) {
            ready.complete(scene.bodies());
            for (Frame frame = next(); frame != null; frame = next()) {
                try {
                    draw(scene, camera, frame);
                    sink.accept(frame, camera);
                } catch (RuntimeException e) {
                    if (frame.demand() != null) {
                        frame.demand().completeExceptionally(e);
                    }
                    if (!warned) {
                        warned = true;
                        LOG.warn("Camera '{}' failed to draw a frame (later failures are not logged): {}", name, e);
                    }
                } finally {
                    synchronized (lock) {
                        drawing = false;
                        drawn++;
                        lock.notifyAll();
                    }
                }
            }
        } catch (RuntimeException e) {
            if (!ready.completeExceptionally(e)) {
                LOG.warn("Camera '{}' stopped drawing: {}", name, e.toString());
            }
        } finally {
            synchronized (lock) {
                closed = true;
                waiting = null;
                drawing = false;
                failDemanded();
                lock.notifyAll();
            }
        }
    }

    /** Under the lock, once closed: frames asked for and not drawn fail. */
    private void failDemanded() {
        for (Frame f = demanded.poll(); f != null; f = demanded.poll()) {
            f.demand().completeExceptionally(new IllegalStateException("camera '" + name + "' has closed"));
        }
    }

    /** The next frame to draw, waiting for one; null once closed. */
    private Frame next() {
        synchronized (lock) {
            while (waiting == null && demanded.isEmpty() && !closed) {
                try {
                    lock.wait();
                } catch (InterruptedException e) {
                    return null;
                }
            }
            if (closed) {
                return null;
            }
            Frame frame = demanded.poll();
            if (frame == null) {
                frame = waiting;
                waiting = null;
            }
            drawing = true;
            return frame;
        }
    }

    private static void draw(RenderScene scene, FrameCamera camera, Frame frame) {
        Pose[] bodies = frame.bodies();
        for (int i = 0; i < bodies.length; i++) {
            scene.setVisible(i, bodies[i] != null);
            if (bodies[i] != null) {
                scene.setPose(i, bodies[i]);
            }
        }
        camera.render(scene, frame.camera());
    }

    /**
     * Hands a frame over without waiting; a frame still waiting from before is dropped, unless it was asked for on
     * demand.
     */
    void submit(Frame frame) {
        synchronized (lock) {
            if (closed) {
                if (frame.demand() != null) {
                    frame.demand().completeExceptionally(new IllegalStateException("camera '" + name + "' has closed"));
                }
                return;
            }
            if (frame.demand() != null) {
                demanded.add(frame);
                lock.notifyAll();
                return;
            }
            if (waiting != null) {
                dropped++;
            }
            waiting = frame;
            lock.notifyAll();
        }
    }

    /** Waits until every frame handed over is drawn and passed on (or dropped), or the renderer has closed. */
    void awaitIdle() throws InterruptedException {
        synchronized (lock) {
            while (!closed && (waiting != null || !demanded.isEmpty() || drawing)) {
                lock.wait();
            }
        }
    }

    /** Frames dropped because a newer one came while they waited. */
    long dropped() {
        synchronized (lock) {
            return dropped;
        }
    }

    /** Frames drawn. */
    long drawn() {
        synchronized (lock) {
            return drawn;
        }
    }

    /** Stops the thread after the frame it is drawing, which frees the renderer with its context. */
    @Override
    public void close() {
        synchronized (lock) {
            closed = true;
            waiting = null;
            failDemanded();
            lock.notifyAll();
        }
        boolean interrupted = false;
        while (thread.isAlive() && thread != Thread.currentThread()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
