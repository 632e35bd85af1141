package io.orrery.device.camera;

import com.google.protobuf.ByteString;
import com.gz.msgs.ImageProtos.Image;
import com.gz.msgs.ImageProtos.PixelFormatType;
import io.orrery.device.DeviceContext;
import io.orrery.device.Mount;
import io.orrery.render.FrameCamera;
import io.orrery.render.RenderOutput;
import io.orrery.render.SegmentationType;
import io.orrery.world.SdfElement;
import java.nio.ByteBuffer;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A {@code segmentation} (or {@code segmentation_camera}) sensor, as gz-sensors' SegmentationCameraSensor: each frame
 * a label map on {@code <topic>/labels_map} and the coloured map on {@code <topic>/colored_map}, both gz.msgs.Image
 * {@code RGB_INT8}, and gz.msgs.CameraInfo on {@code <topic>/camera_info}; the topic defaults to Gazebo's
 * {@code .../sensor/<name>/segmentation}. {@code <camera><segmentation_type>} is {@code semantic} (the default: the
 * label in all three bytes) or {@code panoptic} / {@code instance} (the instance's number low byte, high byte, then
 * the label). Labels come from Gazebo's label system on models and visuals; what has none is background, 0, and black
 * in the coloured map ({@link SegmentationColors}).
 */
public final class SegmentationCameraDevice extends RenderedCamera {

    private final String topic;
    private final String labelsTopic;
    private final String coloredTopic;
    private final SegmentationType type;
    /** The colours of labels and instances: the rendering thread's own. */
    private final SegmentationColors colors;

    public SegmentationCameraDevice(Mount mount, DeviceContext context) {
        super(mount, context, EnumSet.of(RenderOutput.SEGMENTATION), type(mount));
        this.type = type(mount);
        this.topic = mount.topic("segmentation");
        this.labelsTopic = topic + "/labels_map";
        this.coloredTopic = topic + "/colored_map";
        this.colors = new SegmentationColors(type);
        // gz-sensors advertises the segmentation camera's info under its topic, whatever <camera_info_topic> says
        open(List.of(labelsTopic, coloredTopic), topic + "/camera_info");
    }

    /** {@code <camera><segmentation_type>}: semantic (default), or panoptic, also spelled instance; any case. */
    private static SegmentationType type(Mount mount) {
        Optional<String> written = mount.sensor()
                .element()
                .child("camera")
                .flatMap(c -> c.child("segmentation_type"))
                .map(SdfElement::text)
                .map(t -> t.strip().toLowerCase(Locale.ROOT))
                .filter(t -> !t.isEmpty());
        if (written.isEmpty() || written.get().equals("semantic")) {
            return SegmentationType.SEMANTIC;
        }
        if (written.get().equals("panoptic") || written.get().equals("instance")) {
            return SegmentationType.PANOPTIC;
        }
        throw new IllegalArgumentException("sensor '" + mount.scopedName() + "': <segmentation_type> must be"
                + " semantic, panoptic or instance, got '" + written.get() + "'");
    }

    @Override
    public String topic() {
        return topic;
    }

    /** The coloured map's topic: what a look at the camera shows (a PNG, the dashboard's thumbnail). */
    @Override
    public Optional<String> colorTopic() {
        return Optional.of(coloredTopic);
    }

    @Override
    public Optional<String> depthTopic() {
        return Optional.empty();
    }

    /** The label map, then the coloured map (on {@link #colorTopic()}); there is no depth. */
    @Override
    public int imageIndex(boolean depth) {
        return 1;
    }

    /** The label map's topic. */
    public String labelsTopic() {
        return labelsTopic;
    }

    /** How it encodes labels. */
    public SegmentationType segmentationType() {
        return type;
    }

    /** Rendering thread: the label map, then the coloured map. */
    @Override
    List<Image> images(Frame frame, FrameCamera camera) {
        int w = cameraModel().width();
        int h = cameraModel().height();
        ByteBuffer labels = camera.segmentation();
        byte[] colored = new byte[w * h * 3];
        colors.colour(labels, colored);
        Image.Builder image = Image.newBuilder()
                .setHeader(frame.header())
                .setWidth(w)
                .setHeight(h)
                .setStep(w * 3)
                .setPixelFormatType(PixelFormatType.RGB_INT8);
        return List.of(
                image.setData(ByteString.copyFrom(labels)).build(),
                image.setData(ByteString.copyFrom(colored)).build());
    }
}
