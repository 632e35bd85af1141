package io.orrery.device.camera;

import com.google.protobuf.ByteString;
import com.gz.msgs.CameraInfoProtos.CameraInfo;
import com.gz.msgs.ImageProtos.Image;
import com.gz.msgs.ImageProtos.PixelFormatType;
import io.orrery.device.Camera;
import io.orrery.device.Device;
import io.orrery.device.DeviceContext;
import io.orrery.device.Mount;
import io.orrery.device.Noise;
import io.orrery.physics.LinkState;
import io.orrery.physics.WorldView;
import io.orrery.render.CameraModel;
import io.orrery.render.RenderCamera;
import io.orrery.render.RenderException;
import io.orrery.render.RenderOutput;
import io.orrery.render.RenderScene;
import io.orrery.system.UpdateInfo;
import io.orrery.topic.Publisher;
import io.orrery.topic.msgs.Messages;
import io.orrery.world.Bitmask;
import io.orrery.world.Pose;
import io.orrery.world.SdfElement;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@code camera}, {@code depth_camera} or {@code rgbd_camera} sensor, as gz-sensors' cameras: at its
 * {@code <update_rate>} it takes the poses of the step it samples and hands them to its own rendering thread
 * ({@link FrameRenderer}), which draws the world's visuals from the camera into gz.msgs.Image stamped with that
 * step's sim time; the device publishes what is drawn at its next step, on the loop's side, so that nothing drawn
 * for an episode is published after a reset. On Gazebo's topics: a camera's colour image on {@code .../image}, a depth camera's depth on
 * {@code .../depth_image}, an RGB-D camera's both under its topic ({@code <topic>/image}, {@code <topic>/depth_image}).
 * Colour is {@code RGB_INT8}; depth {@code R_FLOAT32}, metres along the optical axis, ±inf out of the clip range.
 * Settings from {@code <camera>}: {@code <horizontal_fov>} (1.047), {@code <image>} {@code <width>} (320),
 * {@code <height>} (240), {@code <format>} (R8G8B8); {@code <clip>} {@code <near>} (0.1), {@code <far>} (100);
 * {@code <lens><intrinsics>} {@code fx fy cx cy}; {@code <pose>} in the sensor's frame; {@code <visibility_mask>};
 * {@code <optical_frame_id>} for the header's frame (else the sensor's scoped name). With each image, its
 * gz.msgs.CameraInfo on gz-sensors' topic ({@code <camera_info_topic>}, else beside the image's topic, or under an
 * RGB-D camera's topic, as {@code .../camera_info}).
 */
public final class CameraDevice extends Device implements Camera {

    private static final Logger LOG = LoggerFactory.getLogger(CameraDevice.class);

    private final boolean color;
    private final boolean depth;
    private final String colorTopic;
    private final String depthTopic;
    private final CameraModel model;
    private final Pose cameraPose;
    private final String frameId;
    private final FrameRenderer renderer;
    private final List<RenderScene.Body> bodies;
    private final Publisher<Image> colorPublisher;
    private final Publisher<Image> depthPublisher;
    private final String infoTopic;
    private final Publisher<CameraInfo> infoPublisher;
    /** {@code <camera><noise>}: added to each colour channel (in 0..1) and each finite depth (in metres). */
    private final Noise colorNoise;

    private final Noise depthNoise;
    /** The intrinsics message, stamped anew with each image. */
    private final CameraInfo cameraInfo;
    /** The depth image's bytes, little-endian as Gazebo's: the rendering thread's own. */
    private final ByteBuffer depthBytes;
    /** Frames drawn and not yet published, oldest first: filled by the rendering thread, emptied by the runner's. */
    private final Queue<Drawn> drawn = new ConcurrentLinkedQueue<>();
    /** The episode frames are taken in; a reset starts the next. Runner thread. */
    private long episode;

    /** A drawn frame's messages (null for an output the sensor lacks). */
    private record Drawn(long episode, Image color, Image depth) {}

    public CameraDevice(Mount mount, DeviceContext context) {
        super(mount, context);
        String type = mount.sensor().type();
        boolean rgbd = type.equals("rgbd_camera") || type.equals("rgbd");
        this.depth = rgbd || type.equals("depth_camera") || type.equals("depth");
        this.color = rgbd || !depth;
        String base = mount.topicBase();
        this.colorTopic = !color ? null : rgbd ? base + "/image" : mount.topic("image");
        this.depthTopic = !depth ? null : rgbd ? base + "/depth_image" : mount.topic("depth_image");
        this.infoTopic = element("camera", "camera_info_topic")
                .map(SdfElement::text)
                .map(String::strip)
                .filter(t -> !t.isEmpty())
                .orElseGet(() -> rgbd ? base + "/camera_info" : besideTopic(topic(), "camera_info"));
        checkFormat();
        this.model = model();
        this.cameraPose = element("camera", "pose").map(this::pose).orElse(Pose.IDENTITY);
        this.frameId = element("camera", "optical_frame_id")
                .map(SdfElement::text)
                .map(String::strip)
                .filter(t -> !t.isEmpty())
                .orElse(mount.scopedName());
        this.cameraInfo = CameraInfos.of(model);
        this.colorNoise = noise(element("camera"), "image");
        this.depthNoise = noise(element("camera"), "depth");
        Set<RenderOutput> outputs = EnumSet.noneOf(RenderOutput.class);
        if (color) {
            outputs.add(RenderOutput.COLOR);
        }
        if (depth) {
            outputs.add(RenderOutput.DEPTH);
        }
        this.depthBytes = ByteBuffer.allocate(depth ? model.width() * model.height() * Float.BYTES : 0)
                .order(ByteOrder.LITTLE_ENDIAN);
        this.renderer = new FrameRenderer(mount.scopedName(), context.world(), model, outputs, this::collect);
        try {
            this.bodies = renderer.awaitReady();
            this.colorPublisher = color ? advertise(colorTopic, Image.class) : null;
            this.depthPublisher = depth ? advertise(depthTopic, Image.class) : null;
            this.infoPublisher = advertise(infoTopic, CameraInfo.class);
        } catch (RenderException | IllegalArgumentException e) {
            renderer.close();
            throw new IllegalArgumentException("it cannot be drawn: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            renderer.close();
            throw e;
        }
    }

    @Override
    public String topic() {
        return color ? colorTopic : depthTopic;
    }

    @Override
    public String name() {
        return mount().scopedName();
    }

    @Override
    public Optional<String> colorTopic() {
        return Optional.ofNullable(colorTopic);
    }

    /** The depth image's topic, if the sensor has one. */
    @Override
    public Optional<String> depthTopic() {
        return Optional.ofNullable(depthTopic);
    }

    /** The topic its gz.msgs.CameraInfo goes on. */
    public String infoTopic() {
        return infoTopic;
    }

    @Override
    public CompletableFuture<List<Image>> draw(WorldView world, long simTimeNanos) {
        CompletableFuture<List<Image>> drawn = new CompletableFuture<>();
        Optional<LinkState> link = world.model(mount().model()).flatMap(m -> m.link(mount().link()));
        if (link.isEmpty()) {
            drawn.completeExceptionally(new IllegalStateException(
                    "camera '" + name() + "' is not in the world now: its model was removed"));
            return drawn;
        }
        renderer.submit(frame(world, link.get(), simTimeNanos, drawn));
        return drawn;
    }

    /** The pinhole camera it draws with: image size, intrinsics, clip. */
    public CameraModel cameraModel() {
        return model;
    }

    /**
     * Waits until every frame sampled so far is drawn (or dropped for a newer one); the device publishes them at its
     * next step.
     */
    public void awaitFrames() throws InterruptedException {
        renderer.awaitIdle();
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
            if (d.color() != null) {
                colorPublisher.publish(d.color());
            }
            if (d.depth() != null) {
                depthPublisher.publish(d.depth());
            }
            Image any = d.color() != null ? d.color() : d.depth();
            infoPublisher.publish(
                    cameraInfo.toBuilder().setHeader(any.getHeader()).build());
        }
    }

    @Override
    protected void restart(WorldView world, Optional<LinkState> link) {
        episode++;
        drawn.clear();
    }

    @Override
    protected void sample(UpdateInfo info, WorldView world, LinkState link) {
        renderer.submit(frame(world, link, info.simTimeNanos(), null));
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
                colorNoise.fork(simTimeNanos),
                depthNoise.fork(simTimeNanos));
    }

    /** gz-sensors' default: {@code name} in place of the last part of {@code topic}. */
    private static String besideTopic(String topic, String name) {
        int slash = topic.lastIndexOf('/');
        return (slash <= 0 ? "" : topic.substring(0, slash)) + "/" + name;
    }

    /** Rendering thread: the drawn images as messages, for the runner's thread to publish. */
    private void collect(Frame frame, RenderCamera camera) {
        int w = model.width();
        int h = model.height();
        Image colorImage = null;
        Image depthImage = null;
        if (color) {
            colorImage = Image.newBuilder()
                    .setHeader(frame.header())
                    .setWidth(w)
                    .setHeight(h)
                    .setStep(w * 3)
                    .setPixelFormatType(PixelFormatType.RGB_INT8)
                    .setData(ImageNoise.color(camera.color(), frame.colorNoise()))
                    .build();
        }
        if (depth) {
            FloatBuffer values = camera.depth();
            depthBytes.clear();
            depthBytes.asFloatBuffer().put(values);
            ImageNoise.depth(depthBytes, frame.depthNoise());
            depthImage = Image.newBuilder()
                    .setHeader(frame.header())
                    .setWidth(w)
                    .setHeight(h)
                    .setStep(w * Float.BYTES)
                    .setPixelFormatType(PixelFormatType.R_FLOAT32)
                    .setData(ByteString.copyFrom(depthBytes.array()))
                    .build();
        }
        if (frame.demand() != null) {
            List<Image> images = new ArrayList<>(2);
            if (colorImage != null) {
                images.add(colorImage);
            }
            if (depthImage != null) {
                images.add(depthImage);
            }
            frame.demand().complete(List.copyOf(images));
            return;
        }
        drawn.add(new Drawn(frame.episode(), colorImage, depthImage));
    }

    @Override
    protected void release() {
        renderer.close();
    }

    private CameraModel model() {
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
            Optional<String> written =
                    element("camera", "visibility_mask").map(SdfElement::text).filter(t -> !t.isBlank());
            long mask = written.isEmpty()
                    ? CameraModel.ALL
                    : Bitmask.parse(written.get())
                            .orElseThrow(() -> new IllegalArgumentException("<camera><visibility_mask> must be a whole"
                                    + " number from 0 to " + CameraModel.ALL + " (or 0x0 to 0xFFFFFFFF), got '"
                                    + written.get() + "'"));
            return m.withVisibilityMask(mask);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("sensor '" + mount().scopedName() + "': " + e.getMessage(), e);
        }
    }

    /** The colour image's format: R8G8B8 only, as drawn; a depth camera's image is R_FLOAT32. */
    private void checkFormat() {
        String format = element("camera", "image", "format")
                .map(SdfElement::text)
                .map(t -> t.strip().toUpperCase(Locale.ROOT))
                .filter(t -> !t.isEmpty())
                .orElse(color ? "R8G8B8" : "R_FLOAT32");
        boolean known = color ? format.equals("R8G8B8") || format.equals("RGB_INT8") : format.equals("R_FLOAT32");
        if (!known) {
            throw new IllegalArgumentException("sensor '" + mount().scopedName() + "': <image><format> " + format
                    + " is not drawn; " + (color ? "a camera's image is R8G8B8" : "a depth image is R_FLOAT32"));
        }
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
