package io.orrery.transport.gz;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** {@code GET <url>} printed to stdout: the tests' HTTP client inside the network namespace (no curl needed). */
final class HttpGet {

    private HttpGet() {}

    public static void main(String[] args) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(args[0]))
                                .timeout(Duration.ofSeconds(20))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        System.out.println(r.statusCode());
        System.out.println(r.body());
    }
}
