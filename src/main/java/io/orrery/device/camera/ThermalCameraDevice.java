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
 * A {@code thermal} (or {@code thermal_camera}) sensor, as gz-sensors' ThermalCameraSensor: each pixel is the
 * temperature of the visual it sees, from Gazebo's {@code thermal} system on that visual, else the ambient temperature
 * (nothing seen, or a visual without one); clipped to the camera's range and divided by its linear resolution, as
 * gz.msgs.Image {@code L_INT16} (the default, little-endian) or {@code L_INT8} on {@code <topic>} (Gazebo's default
 * {@code .../sensor/<name>/image}) with gz.msgs.CameraInfo beside it. Range and resolution come from gz-sim's
 * {@code thermal-sensor} system in the sensor ({@code <min_temp>}, {@code <max_temp>}, {@code <resolution>}).
 */
public final class ThermalCameraDevice extends RenderedCamera {

    /** gz-sensors' default linear resolution: 10 mK per unit. */
    static final double DEFAULT_RESOLUTION = 0.01;

    /** What gz-sensors uses for an 8-bit camera given a resolution under 1 K (which would only span 2.55 K). */
    static final double EIGHT_BIT_RESOLUTION = 3.0;

    private final String topic;
    private final boolean eightBit;
    private final double resolution;
    private final double minKelvin;
    private final double maxKelvin;
    private final double ambientKelvin;

    public ThermalCameraDevice(Mount mount, DeviceContext context) {
        super(mount, context, EnumSet.of(RenderOutput.SEGMENTATION), SegmentationType.THERMAL);
        this.topic = mount.topic("image");
        this.eightBit = eightBit(mount);
        Optional<SdfElement> system = thermalSensorSystem(mount);
        double given = system.flatMap(s -> number(mount, s, "resolution")).orElse(DEFAULT_RESOLUTION);
        if (!(given > 0)) {
            throw new IllegalArgumentException(
                    "sensor '" + mount.scopedName() + "': <resolution> must be more than 0 kelvin, got " + given);
        }
        this.resolution = eightBit && given < 1 ? EIGHT_BIT_RESOLUTION : given;
        this.minKelvin = system.flatMap(s -> number(mount, s, "min_temp")).orElse(Double.NEGATIVE_INFINITY);
        this.maxKelvin = system.flatMap(s -> number(mount, s, "max_temp")).orElse(Double.POSITIVE_INFINITY);
        if (minKelvin > maxKelvin) {
            throw new IllegalArgumentException("sensor '" + mount.scopedName() + "': <min_temp> " + minKelvin
                    + " is above <max_temp> " + maxKelvin);
        }
        this.ambientKelvin = context.world().atmosphere().temperature();
        open(List.of(topic), infoTopicGiven().orElseGet(() -> besideTopic(topic, "camera_info")));
    }

    /** {@code <camera><image><format>}: L8 for 8 bits; L16 or anything else is 16 bits, as gz-sensors falls back. */
    private static boolean eightBit(Mount mount) {
        return mount.sensor()
                .element()
                .child("camera")
                .flatMap(c -> c.child("image"))
                .flatMap(i -> i.child("format"))
                .map(f -> f.text().strip().toUpperCase(Locale.ROOT))
                .filter(f -> f.equals("L8") || f.equals("L_INT8"))
                .isPresent();
    }

    private static Optional<SdfElement> thermalSensorSystem(Mount mount) {
        return mount.sensor().element().children().stream()
                .filter(c -> c.name().equals("plugin"))
                .filter(c -> c.attributes().getOrDefault("filename", "").contains("thermal-sensor-system")
                        || c.attributes().getOrDefault("name", "").endsWith("::systems::ThermalSensor"))
                .findFirst();
    }

    private static Optional<Double> number(Mount mount, SdfElement system, String tag) {
        return system.child(tag).map(e -> {
            try {
                return Double.parseDouble(e.text().strip());
            } catch (NumberFormatException x) {
                throw new IllegalArgumentException("sensor '" + mount.scopedName() + "': <" + tag
                        + "> must be a number of kelvin, got '" + e.text().strip() + "'");
            }
        });
    }

    @Override
    public String topic() {
        return topic;
    }

    /** A thermal image is neither colour nor depth: it has no PNG or thumbnail yet. */
    @Override
    public Optional<String> colorTopic() {
        return Optional.empty();
    }

    @Override
    public Optional<String> depthTopic() {
        return Optional.empty();
    }

    @Override
    public int imageIndex(boolean depth) {
        return 0;
    }

    /** The temperature of what has none, in kelvin: the world's {@code <atmosphere><temperature>}. */
    public double ambientKelvin() {
        return ambientKelvin;
    }

    /** Kelvin per unit of the image. */
    public double resolution() {
        return resolution;
    }

    /** Rendering thread: the temperatures, clipped and scaled. */
    @Override
    List<Image> images(Frame frame, FrameCamera camera) {
        int w = cameraModel().width();
        int h = cameraModel().height();
        ByteBuffer codes = camera.segmentation();
        int bytes = eightBit ? 1 : 2;
        byte[] out = new byte[w * h * bytes];
        int max = eightBit ? 0xFF : 0xFFFF;
        for (int i = 0; i < w * h; i++) {
            int b = i * 3;
            int code = (codes.get(b) & 0xFF) | (codes.get(b + 1) & 0xFF) << 8 | (codes.get(b + 2) & 0xFF) << 16;
            long value = Math.round(kelvin(code) / resolution);
            int v = (int) Math.min(Math.max(value, 0), max);
            out[i * bytes] = (byte) v;
            if (!eightBit) {
                out[i * bytes + 1] = (byte) (v >> 8);
            }
        }
        return List.of(Image.newBuilder()
                .setHeader(frame.header())
                .setWidth(w)
                .setHeight(h)
                .setStep(w * bytes)
                .setPixelFormatType(eightBit ? PixelFormatType.L_INT8 : PixelFormatType.L_INT16)
                .setData(ByteString.copyFrom(out))
                .build());
    }

    /** The temperature a pixel's code stands for ({@link SegmentationType#THERMAL}), clipped to the range. */
    double kelvin(int code) {
        double k = code == 0 ? ambientKelvin : (code - 1) / 100.0;
        return Math.min(Math.max(k, minKelvin), maxKelvin);
    }
}
