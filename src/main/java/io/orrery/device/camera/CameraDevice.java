package io.orrery.device.camera;

import com.google.protobuf.ByteString;
import com.gz.msgs.ImageProtos.Image;
import com.gz.msgs.ImageProtos.PixelFormatType;
import io.orrery.device.DeviceContext;
import io.orrery.device.Mount;
import io.orrery.noise.Noise;
import io.orrery.render.FrameCamera;
import io.orrery.render.RenderOutput;
import io.orrery.render.SegmentationType;
import io.orrery.world.SdfElement;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * A {@code camera}, {@code depth_camera} or {@code rgbd_camera} sensor, as gz-sensors' cameras: at its
 * {@code <update_rate>} it takes the poses of the step it samples and has them drawn on its own rendering thread into
 * gz.msgs.Image stamped with that step's sim time, published at its next step ({@link RenderedCamera}). On Gazebo's
 * topics: a camera's colour image on {@code .../image}, a depth camera's depth on {@code .../depth_image}, an RGB-D
 * camera's both under its topic ({@code <topic>/image}, {@code <topic>/depth_image}). Colour is {@code RGB_INT8};
 * depth {@code R_FLOAT32}, metres along the optical axis, ±inf out of the clip range; {@code <image><format>}
 * R8G8B8. With each image, its gz.msgs.CameraInfo on gz-sensors' topic ({@code <camera_info_topic>}, else beside the
 * image's topic, or under an RGB-D camera's topic, as {@code .../camera_info}).
 */
public final class CameraDevice extends RenderedCamera {

    private final boolean color;
    private final boolean depth;
    private final String colorTopic;
    private final String depthTopic;
    private final String infoTopic;
    /** {@code <camera><noise>}: added to each colour channel (in 0..1) and each finite depth (in metres). */
    private final Noise colorNoise;

    private final Noise depthNoise;
    /** The depth image's bytes, little-endian as Gazebo's: the rendering thread's own. */
    private final ByteBuffer depthBytes;

    public CameraDevice(Mount mount, DeviceContext context) {
        super(mount, context, outputs(mount), SegmentationType.SEMANTIC);
        String type = mount.sensor().type();
        boolean rgbd = isRgbd(type);
        this.depth = isDepth(type);
        this.color = rgbd || !depth;
        String base = mount.topicBase();
        this.colorTopic = !color ? null : rgbd ? base + "/image" : mount.topic("image");
        this.depthTopic = !depth ? null : rgbd ? base + "/depth_image" : mount.topic("depth_image");
        this.infoTopic =
                infoTopicGiven().orElseGet(() -> rgbd ? base + "/camera_info" : besideTopic(topic(), "camera_info"));
        this.colorNoise = noise(element("camera"), "image");
        this.depthNoise = noise(element("camera"), "depth");
        this.depthBytes = ByteBuffer.allocate(
                        depth ? cameraModel().width() * cameraModel().height() * Float.BYTES : 0)
                .order(ByteOrder.LITTLE_ENDIAN);
        List<String> topics = new ArrayList<>(2);
        if (color) {
            topics.add(colorTopic);
        }
        if (depth) {
            topics.add(depthTopic);
        }
        open(topics, infoTopic);
    }

    private static boolean isRgbd(String type) {
        return type.equals("rgbd_camera") || type.equals("rgbd");
    }

    private static boolean isDepth(String type) {
        return isRgbd(type) || type.equals("depth_camera") || type.equals("depth");
    }

    /** What the sensor's type draws; refuses an {@code <image><format>} that is not drawn, before any rendering. */
    private static Set<RenderOutput> outputs(Mount mount) {
        String type = mount.sensor().type();
        boolean depth = isDepth(type);
        boolean color = isRgbd(type) || !depth;
        String format = mount.sensor()
                .element()
                .child("camera")
                .flatMap(c -> c.child("image"))
                .flatMap(i -> i.child("format"))
                .map(SdfElement::text)
                .map(t -> t.strip().toUpperCase(Locale.ROOT))
                .filter(t -> !t.isEmpty())
                .orElse(color ? "R8G8B8" : "R_FLOAT32");
        boolean known = color ? format.equals("R8G8B8") || format.equals("RGB_INT8") : format.equals("R_FLOAT32");
        if (!known) {
            throw new IllegalArgumentException("sensor '" + mount.scopedName() + "': <image><format> " + format
                    + " is not drawn; " + (color ? "a camera's image is R8G8B8" : "a depth image is R_FLOAT32"));
        }
        Set<RenderOutput> outputs = EnumSet.noneOf(RenderOutput.class);
        if (color) {
            outputs.add(RenderOutput.COLOR);
        }
        if (depth) {
            outputs.add(RenderOutput.DEPTH);
        }
        return outputs;
    }

    @Override
    public String topic() {
        return color ? colorTopic : depthTopic;
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

    /** Colour first, then depth. */
    @Override
    public int imageIndex(boolean depth) {
        return depth && color ? 1 : 0;
    }

    /** The topic its gz.msgs.CameraInfo goes on. */
    public String infoTopic() {
        return infoTopic;
    }

    @Override
    Noise colorNoise(long simTimeNanos) {
        return colorNoise.fork(simTimeNanos);
    }

    @Override
    Noise depthNoise(long simTimeNanos) {
        return depthNoise.fork(simTimeNanos);
    }

    /** Rendering thread: colour first, then depth, as the sensor has them. */
    @Override
    List<Image> images(Frame frame, FrameCamera camera) {
        int w = cameraModel().width();
        int h = cameraModel().height();
        List<Image> images = new ArrayList<>(2);
        if (color) {
            images.add(Image.newBuilder()
                    .setHeader(frame.header())
                    .setWidth(w)
                    .setHeight(h)
                    .setStep(w * 3)
                    .setPixelFormatType(PixelFormatType.RGB_INT8)
                    .setData(ImageNoise.color(camera.color(), frame.colorNoise()))
                    .build());
        }
        if (depth) {
            FloatBuffer values = camera.depth();
            depthBytes.clear();
            depthBytes.asFloatBuffer().put(values);
            ImageNoise.depth(depthBytes, frame.depthNoise());
            images.add(Image.newBuilder()
                    .setHeader(frame.header())
                    .setWidth(w)
                    .setHeight(h)
                    .setStep(w * Float.BYTES)
                    .setPixelFormatType(PixelFormatType.R_FLOAT32)
                    .setData(ByteString.copyFrom(depthBytes.array()))
                    .build());
        }
        return images;
    }
}
