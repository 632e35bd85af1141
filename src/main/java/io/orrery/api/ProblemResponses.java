package io.orrery.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;

/** Problem details written by the servlet filters, which answer before Spring MVC sees the request. */
final class ProblemResponses {

    private ProblemResponses() {}

    /** Writes the problem; {@code properties} are further members, as name, value, name, value. */
    static void write(
            ObjectMapper mapper,
            HttpServletRequest request,
            HttpServletResponse response,
            HttpStatus status,
            String title,
            String detail,
            Object... properties)
            throws IOException {
        ProblemDetail p = ProblemDetail.forStatusAndDetail(status, detail);
        p.setTitle(title);
        for (int i = 0; i + 1 < properties.length; i += 2) {
            p.setProperty((String) properties[i], properties[i + 1]);
        }
        p.setInstance(URI.create(request.getRequestURI()));
        response.setStatus(status.value());
        response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        mapper.writeValue(response.getOutputStream(), p);
    }
}
