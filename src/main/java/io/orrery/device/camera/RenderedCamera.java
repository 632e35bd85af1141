package io.orrery.device.camera;

import com.gz.msgs.CameraInfoProtos.CameraInfo;
import com.gz.msgs.ImageProtos.Image;
import io.orrery.device.Camera;
import io.orrery.device.Device;
import io.orrery.device.DeviceContext;
import io.orrery.device.Mount;
import io.orrery.noise.Noise;
import io.orrery.physics.LinkState;
import io.orrery.physics.WorldView;
import io.orrery.render.CameraLens;
import io.orrery.render.CameraModel;
import io.orrery.render.FrameCamera;
import io.orrery.render.RenderException;
import io.orrery.render.RenderOutput;
import io.orrery.render.RenderScene;
import io.orrery.render.SegmentationType;
import io.orrery.system.UpdateInfo;
import io.orrery.topic.Publisher;
import io.orrery.topic.msgs.Messages;
import io.orrery.world.Bitmask;
import io.orrery.world.Pose;
import io.orrery.world.SdfElement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * What every rendered camera sensor shares, as gz-sensors' cameras share their base: the {@code <camera>} settings
 * ({@code <horizontal_fov>} 1.047, {@code <image>} 320 × 240, {@code <clip>} 0.1 to 100, {@code <lens><intrinsics>},
 * {@code <pose>}, {@code <visibility_mask>}, {@code <optical_frame_id>}), a renderer on a thread of its own
 * ({@link FrameRenderer}) fed the poses of the step a frame samples, and the publishing of what it drew on the loop's
 * side at the next step, with the frame's gz.msgs.CameraInfo, so that nothing drawn for an episode is published after
 * a reset.
 */
abstract class RenderedCamera extends Device implements Camera {

    private final CameraModel model;
    private final Pose cameraPose;
    private final String frameId;
    private final CameraInfo cameraInfo;
    private final FrameRenderer renderer;
    private final List<RenderScene.Body> bodies;
    /** Frames drawn and not yet published, oldest first: filled by the rendering thread, emptied by the runner's. */
    private final Queue<Drawn> drawn = new ConcurrentLinkedQueue<>();

    private List<Publisher<Image>> publishers = List.of();
    private Publisher<CameraInfo> infoPublisher;
    /** The episode frames are taken in; a reset starts the next. Runner thread. */
    private long episode;
    /** Frames due and not drawn, nobody watching. Runner thread. */
    private volatile long skipped;

    /** A drawn frame's images, in the order of the camera's image topics. */
    private record Drawn(long episode, List<Image> images) {}

    RenderedCamera(Mount mount, DeviceContext context, Set<RenderOutput> outputs, SegmentationType segmentation) {
        this(mount, context, outputs, segmentation, null);
    }

    /** {@code lens}: a wide-angle camera's lens, which draws colour only; null for a pinhole camera. */
    RenderedCamera(
            Mount mount,
            DeviceContext context,
            Set<RenderOutput> outputs,
            SegmentationType segmentation,
            CameraLens lens) {
        super(mount, context);
        this.model = lens == null ? readModel() : readImage();
        this.cameraPose = element("camera", "pose").map(this::pose).orElse(Pose.IDENTITY);
        this.frameId = element("camera", "optical_frame_id")
                .map(SdfElement::text)
                .map(String::strip)
                .filter(t -> !t.isEmpty())
                .orElse(mount.scopedName());
        this.cameraInfo = lens == null ? CameraInfos.of(model) : sdfInfo();
        this.renderer = new FrameRenderer(
                mount.scopedName(), context.world(), model, outputs, segmentation, lens, this::collect);
        try {
            this.bodies = renderer.awaitReady();
        } catch (RenderException | IllegalArgumentException e) {
            renderer.close();
            throw new IllegalArgumentException("it cannot be drawn: " + e.getMessage(), e);
        }
    }

    /**
     * Advertises the image topics (in the order {@link #images} gives its images) and the CameraInfo topic; the end of
     * a subclass's constructor, which frees the renderer when it fails.
     */
    final void open(List<String> imageTopics, String infoTopic) {
        try {
            List<Publisher<Image>> made = new ArrayList<>();
            for (String t : imageTopics) {
                made.add(advertise(t, Image.class));
            }
            this.publishers = List.copyOf(made);
            this.infoPublisher = advertise(infoTopic, CameraInfo.class);
        } catch (RuntimeException e) {
            renderer.close();
            throw e;
        }
    }

    /** Rendering thread: the frame's images as messages, in the order of the image topics given to {@link #open}. */
    abstract List<Image> images(Frame frame, FrameCamera camera);

    /** The colour noise of a frame sampled at {@code simTimeNanos} (none by default). */
    Noise colorNoise(long simTimeNanos) {
        return Noise.NONE;
    }

    /** The depth noise of a frame sampled at {@code simTimeNanos} (none by default). */
    Noise depthNoise(long simTimeNanos) {
        return Noise.NONE;
    }

    @Override
    public String name() {
        return mount().scopedName();
    }

    /** The pinhole camera it draws with: image size, intrinsics, clip. */
    public CameraModel cameraModel() {
        return model;
    }

    @Override
    public CompletableFuture<List<Image>> draw(WorldView world, long simTimeNanos) {
        CompletableFuture<List<Image>> demand = new CompletableFuture<>();
        Optional<LinkState> link = world.model(mount().model()).flatMap(m -> m.link(mount().link()));
        if (link.isEmpty()) {
            demand.completeExceptionally(new IllegalStateException(
                    "camera '" + name() + "' is not in the world now: its model was removed"));
            return demand;
        }
        renderer.submit(frame(world, link.get(), simTimeNanos, demand));
        return demand;
    }

    /**
     * Waits until every frame sampled so far is drawn (or dropped for a newer one); the device publishes them at its
     * next step.
     */
    public void awaitFrames() throws InterruptedException {
        renderer.awaitIdle();
    }

    /** Frames drawn so far, on demand or sampled. */
    public long framesDrawn() {
        return renderer.drawn();
    }

    /** Frames dropped because a newer one was sampled before they were drawn. */
    public long framesDropped() {
        return renderer.dropped();
    }

    /** Every step, before any sample: publishes what was drawn since, in order, if it is of this episode. */
    @Override
    protected void observe(UpdateInfo info, WorldView world, LinkState link) {
        for (Drawn d = drawn.poll(); d != null; d = drawn.poll()) {
            if (d.episode() != episode) {
                continue;
            }
            for (int i = 0; i < publishers.size(); i++) {
                publishers.get(i).publish(d.images().get(i));
            }
            infoPublisher.publish(cameraInfo.toBuilder()
                    .setHeader(d.images().get(0).getHeader())
                    .build());
        }
    }

    @Override
    protected void restart(WorldView world, Optional<LinkState> link) {
        episode++;
        drawn.clear();
    }

    /**
     * A frame is drawn only when somebody takes its images, as gz-sensors renders only for a topic with connections:
     * a subscriber on the bus (a gz-transport process, the Foxglove server, a recording) or a reader (HTTP, the
     * dashboard) of an image or camera-info topic. A frame skipped is not drawn at all; one drawn is the same whether
     * or not the frames before it were, as each takes only the poses of its step and a noise stream of its own.
     */
    @Override
    protected void sample(UpdateInfo info, WorldView world, LinkState link) {
        if (!watched()) {
            skipped++;
            return;
        }
        renderer.submit(frame(world, link, info.simTimeNanos(), null));
    }

    private boolean watched() {
        for (Publisher<Image> p : publishers) {
            if (p.hasSubscribers()) {
                return true;
            }
        }
        return infoPublisher.hasSubscribers();
    }

    /** Frames due that were not drawn because nobody took the camera's images then. */
    public long framesUnwatched() {
        return skipped;
    }

    @Override
    protected void release() {
        renderer.close();
    }

    /** Runner thread: the frame of the world now, with every body's pose and the camera's. */
    private Frame frame(WorldView world, LinkState link, long simTimeNanos, CompletableFuture<List<Image>> demand) {
        Pose[] poses = new Pose[bodies.size()];
        for (int i = 0; i < poses.length; i++) {
            RenderScene.Body b = bodies.get(i);
            poses[i] = world.model(b.model())
                    .flatMap(m -> m.link(b.link()))
                    .map(LinkState::pose)
                    .orElse(null);
        }
        Pose camera = mount().worldPose(link.pose()).compose(cameraPose);
        return new Frame(
                episode,
                Messages.header(simTimeNanos, frameId, null),
                poses,
                camera,
                demand,
                colorNoise(simTimeNanos),
                depthNoise(simTimeNanos));
    }

    /** Rendering thread: a drawn frame goes to whoever asked for it, or is kept for the runner's thread to publish. */
    private void collect(Frame frame, FrameCamera camera) {
        List<Image> images = List.copyOf(images(frame, camera));
        if (frame.demand() != null) {
            frame.demand().complete(images);
            return;
        }
        drawn.add(new Drawn(frame.episode(), images));
    }

    /** gz-sensors' default: {@code name} in place of the last part of {@code topic}. */
    static String besideTopic(String topic, String name) {
        int slash = topic.lastIndexOf('/');
        return (slash <= 0 ? "" : topic.substring(0, slash)) + "/" + name;
    }

    /** The text of {@code <camera><camera_info_topic>}, if given and not blank. */
    final Optional<String> infoTopicGiven() {
        return element("camera", "camera_info_topic")
                .map(SdfElement::text)
                .map(String::strip)
                .filter(t -> !t.isEmpty());
    }

    private CameraModel readModel() {
        double hfov = number(1.047, "camera", "horizontal_fov");
        int width = whole(320, "camera", "image", "width");
        int height = whole(240, "camera", "image", "height");
        double near = number(0.1, "camera", "clip", "near");
        double far = number(100, "camera", "clip", "far");
        try {
            CameraModel m = CameraModel.of(width, height, hfov, near, far);
            if (element("camera", "lens", "intrinsics").isPresent()) {
                m = m.withIntrinsics(
                        number(m.fx(), "camera", "lens", "intrinsics", "fx"),
                        number(m.fy(), "camera", "lens", "intrinsics", "fy"),
                        number(m.cx(), "camera", "lens", "intrinsics", "cx"),
                        number(m.cy(), "camera", "lens", "intrinsics", "cy"));
            }
            return m.withVisibilityMask(readModelMask());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("sensor '" + mount().scopedName() + "': " + e.getMessage(), e);
        }
    }

    private long readModelMask() {
        Optional<String> written =
                element("camera", "visibility_mask").map(SdfElement::text).filter(t -> !t.isBlank());
        return written.isEmpty()
                ? CameraModel.ALL
                : Bitmask.parse(written.get())
                        .orElseThrow(() -> new IllegalArgumentException("<camera><visibility_mask> must be a whole"
                                + " number from 0 to " + CameraModel.ALL + " (or 0x0 to 0xFFFFFFFF), got '"
                                + written.get() + "'"));
    }

    /**
     * A wide-angle camera's image: its size, clip and mask, the intrinsics those of its normalised image (half the
     * width is 1), as a lens and not a pinhole maps it.
     */
    private CameraModel readImage() {
        int width = whole(320, "camera", "image", "width");
        int height = whole(240, "camera", "image", "height");
        double near = number(0.1, "camera", "clip", "near");
        double far = number(100, "camera", "clip", "far");
        try {
            double half = width / 2.0;
            return new CameraModel(width, height, half, half, half, height / 2.0, near, far, CameraModel.ALL)
                    .withVisibilityMask(readModelMask());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("sensor '" + mount().scopedName() + "': " + e.getMessage(), e);
        }
    }

    /**
     * A wide-angle camera's gz.msgs.CameraInfo as gz-sensors fills it, from SDF alone (a lens has no pinhole
     * intrinsics): {@code <lens><intrinsics>} and {@code <lens><projection>} or sdformat's defaults (fx = fy = 277, cx
     * = 160, cy = 120), {@code <distortion>} k1, k2, p1, p2, k3 or zeros.
     */
    private CameraInfo sdfInfo() {
        CameraInfo.Builder b = CameraInfo.newBuilder().setWidth(model.width()).setHeight(model.height());
        CameraInfo.Distortion.Builder d =
                b.getDistortionBuilder().setModel(CameraInfo.Distortion.DistortionModelType.PLUMB_BOB);
        for (String k : new String[] {"k1", "k2", "p1", "p2", "k3"}) {
            d.addK(number(0, "camera", "distortion", k));
        }
        double fx = number(277, "camera", "lens", "intrinsics", "fx");
        double fy = number(277, "camera", "lens", "intrinsics", "fy");
        double cx = number(160, "camera", "lens", "intrinsics", "cx");
        double cy = number(120, "camera", "lens", "intrinsics", "cy");
        for (double v : new double[] {fx, 0, cx, 0, fy, cy, 0, 0, 1}) {
            b.getIntrinsicsBuilder().addK(v);
        }
        double pfx = number(277, "camera", "lens", "projection", "p_fx");
        double pfy = number(277, "camera", "lens", "projection", "p_fy");
        double pcx = number(160, "camera", "lens", "projection", "p_cx");
        double pcy = number(120, "camera", "lens", "projection", "p_cy");
        double tx = number(0, "camera", "lens", "projection", "tx");
        double ty = number(0, "camera", "lens", "projection", "ty");
        for (double v : new double[] {pfx, 0, pcx, tx, 0, pfy, pcy, ty, 0, 0, 1, 0}) {
            b.getProjectionBuilder().addP(v);
        }
        for (double v : new double[] {1, 0, 0, 0, 1, 0, 0, 0, 1}) {
            b.addRectificationMatrix(v);
        }
        return b.build();
    }

    private int whole(int fallback, String... path) {
        double n = number(fallback, path);
        if (n < 1 || n != Math.rint(n) || n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("sensor '" + mount().scopedName() + "': <" + String.join("><", path)
                    + "> must be a whole number of at least 1, got " + n);
        }
        return (int) n;
    }

    private Pose pose(SdfElement e) {
        String[] v = e.text().strip().split("\\s+");
        if (v.length != 6) {
            throw new IllegalArgumentException("sensor '" + mount().scopedName()
                    + "': <camera><pose> needs 6 numbers (x y z roll pitch yaw), got '"
                    + e.text().strip() + "'");
        }
        double[] d = new double[6];
        for (int i = 0; i < 6; i++) {
            try {
                d[i] = Double.parseDouble(v[i]);
            } catch (NumberFormatException x) {
                throw new IllegalArgumentException(
                        "sensor '" + mount().scopedName() + "': <camera><pose> has '" + v[i] + "', not a number");
            }
        }
        return Pose.of(d[0], d[1], d[2], d[3], d[4], d[5]);
    }
}
