package io.orrery.transport.foxglove;

import java.util.List;
import java.util.Optional;
import org.springframework.web.socket.BinaryMessage;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.SubProtocolCapable;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.handler.AbstractWebSocketHandler;

/**
 * The WebSocket at {@code /foxglove}: negotiates one of Foxglove's subprotocols (a handshake that offers neither is
 * refused by Spring's handshake), and hands each frame to the {@link FoxgloveServer}. Whether the client may control
 * the world was settled at the handshake ({@link FoxgloveHandshake}).
 */
final class FoxgloveSocketHandler extends AbstractWebSocketHandler implements SubProtocolCapable {

    /** The subprotocols served: the Foxglove SDK's and the original ws-protocol's, the same messages. */
    static final List<String> SUBPROTOCOLS = List.of("foxglove.sdk.v1", "foxglove.websocket.v1");

    private static final String CONNECTION = "orrery.foxglove.connection";

    private final FoxgloveServer server;
    private final int maxMessage;

    FoxgloveSocketHandler(FoxgloveServer server, int maxMessage) {
        this.server = server;
        this.maxMessage = maxMessage;
    }

    @Override
    public List<String> getSubProtocols() {
        return SUBPROTOCOLS;
    }

    @Override
    public void afterConnectionEstablished(WebSocketSession session) throws Exception {
        session.setTextMessageSizeLimit(maxMessage); // a larger frame closes the connection with 1009
        session.setBinaryMessageSizeLimit(maxMessage);
        boolean mayControl = Boolean.TRUE.equals(session.getAttributes().get(FoxgloveHandshake.MAY_CONTROL));
        Optional<Connection> c = server.open(session, mayControl);
        if (c.isEmpty()) {
            session.close(CloseStatus.SERVICE_OVERLOAD.withReason("too many Foxglove clients"));
            return;
        }
        session.getAttributes().put(CONNECTION, c.get());
    }

    @Override
    protected void handleTextMessage(WebSocketSession session, TextMessage message) {
        Connection c = connection(session);
        if (c != null) {
            server.onText(c, message.getPayload());
        }
    }

    @Override
    protected void handleBinaryMessage(WebSocketSession session, BinaryMessage message) {
        Connection c = connection(session);
        if (c != null) {
            server.onBinary(c, message.getPayload());
        }
    }

    @Override
    public void afterConnectionClosed(WebSocketSession session, CloseStatus status) {
        Connection c = connection(session);
        if (c != null) {
            server.closed(c);
        }
    }

    @Override
    public void handleTransportError(WebSocketSession session, Throwable exception) {
        Connection c = connection(session);
        if (c != null) {
            server.closed(c);
        }
    }

    private static Connection connection(WebSocketSession session) {
        return (Connection) session.getAttributes().get(CONNECTION);
    }
}
