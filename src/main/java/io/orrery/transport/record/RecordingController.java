package io.orrery.transport.record;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Recording over HTTP: {@code POST /api/recording {"file": "NAME.mcap"}} starts one into {@code orrery.record.directory},
 * {@code GET} tells the one under way, {@code DELETE} ends it and answers with what it wrote. A change, so behind
 * {@code orrery.api.token} as every other.
 */
@RestController
@RequestMapping("/api/recording")
class RecordingController {

    /** A file name, one path segment, by form: nothing a request sends can name a place outside the directory. */
    static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9._-]{0,122}\\.mcap");

    private final Recorder recorder;
    private final RecordProperties properties;

    RecordingController(Recorder recorder, RecordProperties properties) {
        this.recorder = recorder;
        this.properties = properties;
    }

    /** @param file the file's name in {@code orrery.record.directory} */
    record StartRequest(String file) {}

    @PostMapping
    ResponseEntity<Map<String, Object>> start(@RequestBody StartRequest request) throws IOException {
        String name = request == null || request.file() == null ? "" : request.file();
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("\"file\" must be a file name ending in .mcap (letters, digits, '.',"
                    + " '_', '-'; at most 128 characters, no directory), got '" + name + "'");
        }
        recorder.start(Path.of(properties.directory()).resolve(name));
        return ResponseEntity.status(HttpStatus.CREATED).body(status());
    }

    @GetMapping
    Map<String, Object> status() {
        Map<String, Object> out = new LinkedHashMap<>();
        recorder.current()
                .ifPresentOrElse(
                        r -> {
                            out.put("recording", true);
                            out.put("file", r.file().toString());
                            out.put("messages", r.messages());
                            out.put("dropped", r.dropped());
                            out.put("overSize", r.overSize());
                        },
                        () -> out.put("recording", false));
        return out;
    }

    @DeleteMapping
    ResponseEntity<Object> stop() throws IOException {
        return recorder.stop()
                .<ResponseEntity<Object>>map(s -> ResponseEntity.ok(Map.of(
                        "file", s.file().toString(),
                        "messages", s.messages(),
                        "dropped", s.dropped(),
                        "overSize", s.overSize(),
                        "bytes", s.bytes())))
                .orElseGet(() -> ResponseEntity.status(HttpStatus.NOT_FOUND)
                        .body(ProblemDetail.forStatusAndDetail(HttpStatus.NOT_FOUND, "no recording is under way")));
    }

    @ExceptionHandler
    ResponseEntity<ProblemDetail> underWay(IllegalStateException e) {
        return ResponseEntity.status(HttpStatus.CONFLICT)
                .body(ProblemDetail.forStatusAndDetail(HttpStatus.CONFLICT, e.getMessage()));
    }

    @ExceptionHandler
    ResponseEntity<ProblemDetail> badRequest(IllegalArgumentException e) {
        return ResponseEntity.badRequest()
                .body(ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, e.getMessage()));
    }
}
