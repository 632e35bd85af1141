package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.net.URI;
import java.net.http.WebSocketHandshakeException;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;

/** With a token set, the control WebSocket's handshake needs it: in the header, or as access_token for browsers. */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "orrery.real-time-factor=0",
            "orrery.start-paused=true",
            "orrery.status-log-interval=0s",
            "orrery.api.token=" + ControlSocketTokenTests.TOKEN
        })
class ControlSocketTokenTests extends DiffDriveApplication {

    static final String TOKEN = "s3cret-control";

    @Test
    void theHandshakeWithoutTheTokenOrWithAWrongOneIsRefusedWith401() {
        for (URI uri : new URI[] {control(""), control("?access_token=wrong")}) {
            Throwable refused = catchThrowable(() -> ControlClient.connect(uri).close());
            Throwable cause = refused;
            while (cause != null && !(cause instanceof WebSocketHandshakeException)) {
                cause = cause.getCause();
            }
            assertThat(cause).as("%s: %s", uri, refused).isInstanceOf(WebSocketHandshakeException.class);
            assertThat(((WebSocketHandshakeException) cause).getResponse().statusCode())
                    .isEqualTo(401);
        }
    }

    @Test
    void theTokenInTheHeaderOrTheQueryLetsTheControllerIn() throws Exception {
        try (ControlClient header = ControlClient.connect(port, TOKEN)) {
            assertThat(header.call(header.request("acquire")).get("op").asText())
                    .isEqualTo("acquired");
            header.call(header.request("release"));
        }
        try (ControlClient query = ControlClient.connect(control("?access_token=" + TOKEN))) {
            assertThat(query.call(query.request("observe")).get("op").asText()).isEqualTo("observed");
        }
    }

    private URI control(String query) {
        return URI.create("ws://localhost:" + port + "/api/control" + query);
    }
}
