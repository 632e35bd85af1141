package io.orrery.device.camera;

import com.google.protobuf.ByteString;
import com.gz.msgs.ImageProtos.Image;
import com.gz.msgs.ImageProtos.PixelFormatType;
import io.orrery.device.DeviceContext;
import io.orrery.device.Mount;
import io.orrery.noise.Noise;
import io.orrery.render.CameraLens;
import io.orrery.render.FrameCamera;
import io.orrery.render.RenderOutput;
import io.orrery.render.SegmentationType;
import io.orrery.world.SdfElement;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A {@code wideanglecamera} sensor, as gz-sensors' WideAngleCameraSensor: a colour image ({@code RGB_INT8}) drawn
 * through the {@code <camera><lens>} ({@link CameraLens}: the scene drawn into a cube of {@code <env_texture_size>}
 * pixels a face, each pixel looking up the ray the lens maps it to), at its {@code <update_rate>} on the image topic
 * ({@code <topic>}, else {@code .../image}), with a gz.msgs.CameraInfo beside it ({@code <camera_info_topic>}, else the
 * image topic's last part replaced by {@code camera_info}) that carries SDF's intrinsics as gz-sensors' does. Stamped,
 * watched, published and noised ({@code <camera><noise>}, per colour channel) as the other cameras are.
 */
public final class WideAngleCameraDevice extends RenderedCamera {

    private final String colorTopic;
    private final CameraLens lens;
    private final Noise colorNoise;

    public WideAngleCameraDevice(Mount mount, DeviceContext context) {
        this(mount, context, lens(mount));
    }

    private WideAngleCameraDevice(Mount mount, DeviceContext context, CameraLens lens) {
        super(mount, context, EnumSet.of(RenderOutput.COLOR), SegmentationType.SEMANTIC, lens);
        this.lens = lens;
        this.colorTopic = mount.topic("image");
        this.colorNoise = noise(element("camera"), "image");
        open(List.of(colorTopic), infoTopicGiven().orElseGet(() -> besideTopic(colorTopic, "camera_info")));
    }

    /**
     * The lens SDF describes, with sdformat's defaults: {@code <type>} stereographic, {@code <scale_to_hfov>} true,
     * {@code <cutoff_angle>} π/2, {@code <env_texture_size>} 256, {@code <custom_function>} c1 1, c2 1, c3 0, f 1,
     * fun tan; the field of view {@code <horizontal_fov>} (1.047), at most 2π. Refuses the image format if not R8G8B8.
     */
    static CameraLens lens(Mount mount) {
        Optional<SdfElement> camera = mount.sensor().element().child("camera");
        String where = "sensor '" + mount.scopedName() + "': ";
        String format = text(camera, "image", "format")
                .map(t -> t.toUpperCase(Locale.ROOT))
                .orElse("R8G8B8");
        if (!format.equals("R8G8B8") && !format.equals("RGB_INT8")) {
            throw new IllegalArgumentException(
                    where + "<image><format> " + format + " is not drawn; a wide-angle camera's image is R8G8B8");
        }
        try {
            String fun = text(camera, "lens", "custom_function", "fun").orElse("tan");
            return CameraLens.of(
                    text(camera, "lens", "type").orElse("stereographic"),
                    number(camera, 1, "lens", "custom_function", "c1"),
                    number(camera, 1, "lens", "custom_function", "c2"),
                    number(camera, 0, "lens", "custom_function", "c3"),
                    number(camera, 1, "lens", "custom_function", "f"),
                    CameraLens.Fun.named(fun),
                    bool(camera, true, "lens", "scale_to_hfov"),
                    number(camera, Math.PI / 2, "lens", "cutoff_angle"),
                    number(camera, 1.047, "horizontal_fov"),
                    (int) Math.min(Integer.MAX_VALUE, number(camera, 256, "lens", "env_texture_size")));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + e.getMessage(), e);
        }
    }

    private static Optional<String> text(Optional<SdfElement> camera, String... path) {
        Optional<SdfElement> e = camera;
        for (String name : path) {
            e = e.flatMap(x -> x.child(name));
        }
        return e.map(SdfElement::text).map(String::strip).filter(t -> !t.isEmpty());
    }

    private static double number(Optional<SdfElement> camera, double fallback, String... path) {
        Optional<String> t = text(camera, path);
        if (t.isEmpty()) {
            return fallback;
        }
        try {
            return Double.parseDouble(t.get());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "<" + String.join("><", path) + "> must be a number, got '" + t.get() + "'");
        }
    }

    private static boolean bool(Optional<SdfElement> camera, boolean fallback, String... path) {
        return text(camera, path)
                .map(t -> switch (t.toLowerCase(Locale.ROOT)) {
                    case "true", "1" -> true;
                    case "false", "0" -> false;
                    default ->
                        throw new IllegalArgumentException(
                                "<" + String.join("><", path) + "> must be true or false, got '" + t + "'");
                })
                .orElse(fallback);
    }

    /** The lens it draws through. */
    public CameraLens lens() {
        return lens;
    }

    @Override
    public String topic() {
        return colorTopic;
    }

    @Override
    public Optional<String> colorTopic() {
        return Optional.of(colorTopic);
    }

    @Override
    public Optional<String> depthTopic() {
        return Optional.empty();
    }

    @Override
    public int imageIndex(boolean depth) {
        return 0;
    }

    @Override
    Noise colorNoise(long simTimeNanos) {
        return colorNoise.fork(simTimeNanos);
    }

    /** Rendering thread: the colour image, noised as a camera's. */
    @Override
    List<Image> images(Frame frame, FrameCamera camera) {
        int w = cameraModel().width();
        ByteString data = ImageNoise.color(camera.color(), frame.colorNoise());
        return List.of(Image.newBuilder()
                .setHeader(frame.header())
                .setWidth(w)
                .setHeight(cameraModel().height())
                .setStep(w * 3)
                .setPixelFormatType(PixelFormatType.RGB_INT8)
                .setData(data)
                .build());
    }
}
