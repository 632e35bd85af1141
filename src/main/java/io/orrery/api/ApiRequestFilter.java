package io.orrery.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Bounds every request body under {@code /api} by {@code orrery.api.max-request-body} (413 beyond it), by its
 * Content-Length and, for chunked bodies, by reading at most the limit before the request goes on. The token is
 * checked before, by {@link BearerTokenFilter}.
 */
final class ApiRequestFilter extends OncePerRequestFilter {

    private final long maxBody;
    private final ObjectMapper mapper;

    ApiRequestFilter(ApiProperties properties, ObjectMapper mapper) {
        this.maxBody = properties.maxRequestBody().toBytes();
        this.mapper = mapper;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        return !(path.equals("/api") || path.startsWith("/api/"));
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        long length = request.getContentLengthLong();
        if (length > maxBody) {
            tooLarge(request, response);
            return;
        }
        if (length == 0 || (length < 0 && !hasChunkedBody(request))) {
            chain.doFilter(request, response);
            return;
        }
        byte[] body = readBounded(request.getInputStream());
        if (body == null) {
            tooLarge(request, response);
            return;
        }
        chain.doFilter(new BufferedBodyRequest(request, body), response);
    }

    private static boolean hasChunkedBody(HttpServletRequest request) {
        String encoding = request.getHeader(HttpHeaders.TRANSFER_ENCODING);
        return encoding != null && !encoding.isBlank();
    }

    /** The whole body, or null when it is longer than the limit (reading stops there). */
    private byte[] readBounded(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        long total = 0;
        int n;
        while ((n = in.read(buffer)) != -1) {
            total += n;
            if (total > maxBody) {
                return null;
            }
            out.write(buffer, 0, n);
        }
        return out.toByteArray();
    }

    private void tooLarge(HttpServletRequest request, HttpServletResponse response) throws IOException {
        // the client may still be sending: tell the container not to read the rest
        response.setHeader(HttpHeaders.CONNECTION, "close");
        ProblemResponses.write(
                mapper,
                request,
                response,
                HttpStatus.PAYLOAD_TOO_LARGE,
                "Request body too large",
                "the request body is larger than orrery.api.max-request-body (" + maxBody + " bytes)");
    }

    /** The request with its body read already, served from memory. */
    private static final class BufferedBodyRequest extends HttpServletRequestWrapper {
        private final byte[] body;

        BufferedBodyRequest(HttpServletRequest request, byte[] body) {
            super(request);
            this.body = body;
        }

        @Override
        public ServletInputStream getInputStream() {
            ByteArrayInputStream in = new ByteArrayInputStream(body);
            return new ServletInputStream() {
                @Override
                public int read() {
                    return in.read();
                }

                @Override
                public int read(byte[] b, int off, int len) {
                    return in.read(b, off, len);
                }

                @Override
                public boolean isFinished() {
                    return in.available() == 0;
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setReadListener(ReadListener listener) {
                    throw new UnsupportedOperationException("the body has been read already");
                }
            };
        }

        @Override
        public BufferedReader getReader() {
            String encoding = getCharacterEncoding();
            Charset charset = encoding == null ? StandardCharsets.UTF_8 : Charset.forName(encoding);
            return new BufferedReader(new InputStreamReader(new ByteArrayInputStream(body), charset));
        }

        @Override
        public int getContentLength() {
            return body.length;
        }

        @Override
        public long getContentLengthLong() {
            return body.length;
        }
    }
}
