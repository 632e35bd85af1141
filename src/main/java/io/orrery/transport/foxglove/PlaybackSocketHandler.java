package io.orrery.transport.foxglove;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.SubProtocolCapable;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.handler.AbstractWebSocketHandler;
import org.springframework.web.socket.handler.ConcurrentWebSocketSessionDecorator;

/**
 * The WebSocket at {@code /foxglove/playback?file=NAME}: plays back a recording (an MCAP file under
 * {@code orrery.foxglove.playback-directory}) to one Foxglove client, as {@link Playback} describes; the handshake is
 * the live server's (origin, subprotocol, {@code orrery.api.token}). A name that leaves the directory, is not an
 * {@code .mcap} file or cannot be read is refused with a status saying why and the connection closed (1008).
 */
final class PlaybackSocketHandler extends AbstractWebSocketHandler implements SubProtocolCapable {

    private static final Logger log = LoggerFactory.getLogger(PlaybackSocketHandler.class);

    private static final String PLAYBACK = "orrery.foxglove.playback";
    /** The longest file name taken from a URL. */
    static final int MAX_NAME = 1024;
    /** What a client that does not read may leave buffered before it is disconnected, and for how long. */
    static final int MAX_BUFFERED = 32 << 20;

    static final int SEND_TIME_LIMIT_MS = 10_000;

    private final FoxgloveProperties properties;
    private final ObjectMapper mapper;
    private final ServerMessages messages;
    private final AtomicInteger open = new AtomicInteger();
    private final String sessionId = UUID.randomUUID().toString();

    PlaybackSocketHandler(FoxgloveProperties properties, ObjectMapper mapper) {
        this.properties = properties;
        this.mapper = mapper;
        this.messages = new ServerMessages(mapper);
    }

    @Override
    public List<String> getSubProtocols() {
        return FoxgloveSocketHandler.SUBPROTOCOLS;
    }

    @Override
    public void afterConnectionEstablished(WebSocketSession raw) throws Exception {
        int maxMessage = (int) properties.maxMessage().toBytes();
        raw.setTextMessageSizeLimit(maxMessage);
        raw.setBinaryMessageSizeLimit(maxMessage);
        WebSocketSession session = new ConcurrentWebSocketSessionDecorator(raw, SEND_TIME_LIMIT_MS, MAX_BUFFERED);
        if (open.incrementAndGet() > properties.maxClients()) {
            open.decrementAndGet();
            refuse(session, "at most " + properties.maxClients() + " playbacks at once (orrery.foxglove.max-clients)");
            return;
        }
        Path file;
        try {
            file = file(raw.getUri());
        } catch (IllegalArgumentException e) {
            open.decrementAndGet();
            refuse(session, e.getMessage());
            return;
        }
        Playback playback;
        try {
            playback = new Playback(session, file, mapper, properties.maxSubscriptions());
        } catch (IOException | RuntimeException e) {
            open.decrementAndGet();
            refuse(session, "the recording " + file.getFileName() + " cannot be read: " + e.getMessage());
            return;
        }
        raw.getAttributes().put(PLAYBACK, playback);
        playback.hello(messages, file.getFileName().toString(), sessionId);
        Thread player = new Thread(playback, "orrery-foxglove-playback-" + file.getFileName());
        player.setDaemon(true);
        player.start();
        log.info("Foxglove: playing back {} to {}", file, raw.getRemoteAddress());
    }

    /** The recording the URL names, inside the playback directory; refused with why. */
    Path file(URI uri) {
        String dir = properties.playbackDirectory();
        if (dir.isBlank()) {
            throw new IllegalArgumentException(
                    "playback is off: set orrery.foxglove.playback-directory to the directory of the recordings");
        }
        String name = Optional.ofNullable(uri)
                .map(URI::getRawQuery)
                .flatMap(PlaybackSocketHandler::fileParameter)
                .orElseThrow(() -> new IllegalArgumentException(
                        "name the recording: /foxglove/playback?file=NAME.mcap (relative to the playback directory)"));
        if (name.length() > MAX_NAME) {
            throw new IllegalArgumentException("the file name is longer than " + MAX_NAME + " characters");
        }
        Path root = Path.of(dir).toAbsolutePath().normalize();
        Path file;
        try {
            file = root.resolve(name).normalize();
        } catch (java.nio.file.InvalidPathException e) {
            throw new IllegalArgumentException("not a file name: " + e.getMessage());
        }
        if (!file.startsWith(root) || !file.getFileName().toString().endsWith(".mcap")) {
            throw new IllegalArgumentException("'" + name + "' is not an .mcap file inside the playback directory");
        }
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("no recording '" + name + "' in the playback directory");
        }
        return file;
    }

    private static Optional<String> fileParameter(String query) {
        for (String pair : query.split("&")) {
            if (pair.startsWith("file=")) {
                try {
                    return Optional.of(URLDecoder.decode(pair.substring(5), StandardCharsets.UTF_8));
                } catch (IllegalArgumentException e) {
                    return Optional.empty();
                }
            }
        }
        return Optional.empty();
    }

    private void refuse(WebSocketSession session, String why) throws IOException {
        session.sendMessage(new TextMessage(messages.status(ServerMessages.ERROR, why)));
        session.close(CloseStatus.POLICY_VIOLATION.withReason("playback refused; see the status message"));
    }

    @Override
    protected void handleTextMessage(WebSocketSession session, TextMessage message) throws IOException {
        Playback p = (Playback) session.getAttributes().get(PLAYBACK);
        if (p != null) {
            p.onText(message.getPayload());
        }
    }

    @Override
    public void afterConnectionClosed(WebSocketSession session, CloseStatus status) {
        Playback p = (Playback) session.getAttributes().remove(PLAYBACK);
        if (p != null) {
            p.close();
            open.decrementAndGet();
        }
    }

    @Override
    public void handleTransportError(WebSocketSession session, Throwable exception) {
        afterConnectionClosed(session, CloseStatus.SERVER_ERROR);
    }
}
