package io.orrery.sse;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;

/**
 * What the tests of slow stream clients share: a world of many static boxes, so that one event or frame is tens of
 * kilobytes; a client that asks for a stream and never reads; and a server whose socket send buffer is small, so that
 * such a client's connection is full after its first event, as a busy stream's would be in time.
 */
public final class StalledClients {

    private StalledClients() {}

    /**
     * A folder holding {@code boxes.sdf}: {@code count} static boxes at poses drawn from a fixed seed (so every
     * link's numbers are long), with {@code plugins} (world plugin elements, or empty) before them.
     */
    public static Path boxesWorld(String prefix, int count, String plugins) {
        StringBuilder sdf = new StringBuilder(
                "<?xml version=\"1.0\"?>\n<sdf version=\"1.9\">\n  <world name=\"boxes\">\n" + plugins);
        Random random = new Random(21);
        for (int i = 0; i < count; i++) {
            sdf.append(String.format(
                    Locale.ROOT,
                    "    <model name=\"box%d\"><static>true</static><pose>%.3f %.3f"
                            + " %.3f %.3f %.3f %.3f</pose><link name=\"l\"><collision name=\"c\"><geometry><box>"
                            + "<size>0.1 0.1 0.1</size></box></geometry></collision></link></model>\n",
                    i,
                    random.nextDouble() * 200 - 100,
                    random.nextDouble() * 200 - 100,
                    random.nextDouble() * 10,
                    random.nextDouble() * 3,
                    random.nextDouble() * 3,
                    random.nextDouble() * 3));
        }
        sdf.append("  </world>\n</sdf>\n");
        try {
            Path dir = Files.createTempDirectory(prefix);
            Files.writeString(dir.resolve("boxes.sdf"), sdf);
            return dir.toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A client that asks for the event stream at {@code path} and never reads a byte, with a small receive buffer. */
    public static Socket notReading(int port, String path) throws IOException {
        Socket socket = new Socket();
        socket.setReceiveBufferSize(4096); // before connecting, so the window is small from the start
        socket.connect(new InetSocketAddress("localhost", port), 10_000);
        socket.getOutputStream()
                .write(("GET " + path + " HTTP/1.1\r\nHost: localhost:" + port
                                + "\r\nAccept: text/event-stream\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
        return socket;
    }

    /** The server's socket send buffer made small, so that a client that does not read fills it with one event. */
    @TestConfiguration(proxyBeanMethods = false)
    public static class SmallSendBuffer {
        @Bean
        WebServerFactoryCustomizer<TomcatServletWebServerFactory> smallSendBuffer() {
            return factory -> factory.addConnectorCustomizers(c -> c.setProperty("socket.txBufSize", "4096"));
        }
    }
}
