package io.orrery.api;

import io.orrery.app.Cameras;
import io.orrery.app.WorldId;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The world's cameras and their latest frames: {@code GET /api/cameras/{name}/image} a PNG, {@code .../depth} the
 * depth image's 32-bit little-endian floats, row 0 at the top ({@code application/octet-stream}); each with its size,
 * sim time and camera in {@code X-Orrery-*} headers. 404 naming the cameras for a name none has; 204 when the camera
 * has published no frame yet.
 */
@RestController
@RequestMapping("/api/cameras")
class CameraController {

    private static final WorldId WORLD = WorldId.DEFAULT;

    /** The depth image's media type: its floats as they are, the size in the headers. */
    static final String DEPTH_TYPE = MediaType.APPLICATION_OCTET_STREAM_VALUE;

    private final Cameras cameras;

    CameraController(Cameras cameras) {
        this.cameras = cameras;
    }

    /** Every camera: its scoped name and its image topics. */
    @GetMapping
    List<Cameras.Listed> list() {
        return cameras.list(WORLD);
    }

    /** The camera's latest colour image, as a PNG. */
    @GetMapping("/{name}/image")
    CompletableFuture<ResponseEntity<byte[]>> image(@PathVariable String name) {
        return cameras.latest(WORLD, name, Cameras.Output.COLOR)
                .thenApply(i -> answer(i, MediaType.IMAGE_PNG_VALUE, true));
    }

    /** The camera's latest depth image: width × height little-endian 32-bit floats, metres, row 0 at the top. */
    @GetMapping("/{name}/depth")
    CompletableFuture<ResponseEntity<byte[]>> depth(@PathVariable String name) {
        return cameras.latest(WORLD, name, Cameras.Output.DEPTH).thenApply(i -> answer(i, DEPTH_TYPE, false));
    }

    private static ResponseEntity<byte[]> answer(Optional<Cameras.CameraImage> frame, String type, boolean png) {
        if (frame.isEmpty()) {
            return ResponseEntity.noContent().build();
        }
        Cameras.CameraImage f = frame.get();
        byte[] body = png ? f.png() : f.image().getData().toByteArray();
        return ResponseEntity.ok()
                .header(HttpHeaders.CONTENT_TYPE, type)
                .header("X-Orrery-Camera", f.camera())
                .header("X-Orrery-Width", Integer.toString(f.image().getWidth()))
                .header("X-Orrery-Height", Integer.toString(f.image().getHeight()))
                .header("X-Orrery-Format", f.image().getPixelFormatType().name())
                .header("X-Orrery-Sim-Time", String.format(Locale.ROOT, "%.9f", f.simTimeNanos() / 1e9))
                .body(body);
    }
}
