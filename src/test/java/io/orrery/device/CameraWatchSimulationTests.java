package io.orrery.device;

import static org.assertj.core.api.Assertions.assertThat;

import com.gz.msgs.CameraInfoProtos.CameraInfo;
import com.gz.msgs.ImageProtos.Image;
import io.orrery.device.camera.CameraDevice;
import io.orrery.topic.msgs.Messages;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Cameras draw only when somebody takes their images, as gz-sensors renders only for topics with connections: a
 * camera nobody subscribes to or reads draws no frame, and a frame drawn once somebody does is the same, to the bit,
 * as the frame of that step a camera watched all along drew.
 */
class CameraWatchSimulationTests {

    private static final String SENSOR = "/world/cameras/model/rig/link/link/sensor/";
    private static final String DOWN = SENSOR + "down/depth_image";

    @Test
    void aCameraNobodyWatchesDrawsNothing() throws InterruptedException {
        try (DeviceFixture f = DeviceFixture.load("cameras", 7)) {
            stepAndDraw(f, 1001);

            for (Device d : f.devices.list()) {
                CameraDevice camera = (CameraDevice) d;
                assertThat(camera.framesDrawn()).as(camera.name()).isZero();
                // due at the first step, then every period to 1.0 s: 11 frames at 10 Hz, 101 for down's 100 Hz
                assertThat(camera.framesUnwatched())
                        .as(camera.name())
                        .isEqualTo(camera.name().endsWith("down") ? 101 : 11);
            }
            assertThat(f.bus.latest(DOWN)).isEmpty();
        }
    }

    /** The falling box seen from above: frames from 0.46 s on, first unwatched, equal those of a camera always watched. */
    @Test
    void aFrameDrawnOnceWatchedEqualsTheFrameOfACameraWatchedAllAlong() throws InterruptedException {
        Map<Long, Image> always = new LinkedHashMap<>();
        try (DeviceFixture f = DeviceFixture.load("cameras", 7)) {
            f.bus.subscribe(
                    DOWN,
                    Image.class,
                    "test",
                    i -> always.put(Messages.nanos(i.getHeader().getStamp()), i));
            stepAndDraw(f, 1001);
        }
        assertThat(always).hasSize(101); // 100 Hz

        try (DeviceFixture f = DeviceFixture.load("cameras", 7)) {
            CameraDevice down = (CameraDevice) f.devices.camera("down");
            stepAndDraw(f, 450);
            assertThat(down.framesDrawn()).isZero();

            List<Image> later = f.record(DOWN, Image.class);
            stepAndDraw(f, 551);

            assertThat(later).hasSize(55); // 0.46 s ... 1.0 s
            assertThat(down.framesDrawn()).isEqualTo(55);
            for (Image image : later) {
                long stamp = Messages.nanos(image.getHeader().getStamp());
                assertThat(image).as("frame at %d ns", stamp).isEqualTo(always.get(stamp));
            }
        }
    }

    /** With noise drawn per frame: the noisy frames of a camera watched late equal those of one watched throughout. */
    @Test
    void aNoisyFrameDrawnOnceWatchedEqualsTheOneDrawnEveryStep() throws InterruptedException {
        String topic = "/world/camera_noise/model/rig/link/link/sensor/camera/image";
        List<Image> always;
        try (DeviceFixture f = DeviceFixture.load("camera_noise", 7)) {
            always = f.record(topic, Image.class);
            stepAndDraw(f, 21);
        }
        try (DeviceFixture f = DeviceFixture.load("camera_noise", 7)) {
            stepAndDraw(f, 10);
            List<Image> later = f.record(topic, Image.class);
            stepAndDraw(f, 11);

            assertThat(later).hasSize(10); // the frames of steps 11 to 20, each published at the step after
            assertThat(later).isEqualTo(always.subList(10, 20));
        }
    }

    /**
     * Whoever takes the images wakes the camera: a reader as the HTTP API and the dashboard read (for as long as its
     * hold lasts), or a subscriber to the camera info alone.
     */
    @Test
    void aReaderOrACameraInfoSubscriberIsSomebodyWatching() throws InterruptedException {
        try (DeviceFixture f = DeviceFixture.load("cameras", 7)) {
            CameraDevice down = (CameraDevice) f.devices.camera("down");
            CameraDevice camera = (CameraDevice) f.devices.camera("camera");
            f.bus.read(DOWN);
            f.record(camera.infoTopic(), CameraInfo.class);

            stepAndDraw(f, 2);

            assertThat(down.framesDrawn()).isEqualTo(1);
            assertThat(f.bus.latest(DOWN)).isPresent();
            assertThat(camera.framesDrawn()).isEqualTo(1);
            assertThat(((CameraDevice) f.devices.camera("depth")).framesDrawn()).isZero();
        }
    }

    private static void stepAndDraw(DeviceFixture f, int steps) throws InterruptedException {
        for (int i = 0; i < steps; i++) {
            f.step(1);
            for (Device d : f.devices.list()) {
                ((CameraDevice) d).awaitFrames();
            }
        }
    }
}
