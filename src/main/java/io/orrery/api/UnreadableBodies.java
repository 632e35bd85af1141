package io.orrery.api;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import java.util.List;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * A request body that cannot be read, answered with where and what: Spring's own answer is "Failed to read request".
 * Malformed JSON names the line, the column and what the parser found there; JSON of the wrong shape names the field
 * and what it expected; a missing body says so. Ahead of Spring Boot's problem details, which handle it otherwise.
 */
@RestControllerAdvice
@Order(Ordered.HIGHEST_PRECEDENCE)
class UnreadableBodies {

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ResponseEntity<ProblemDetail> unreadable(HttpMessageNotReadableException e) {
        ProblemDetail p = ProblemDetail.forStatus(HttpStatus.BAD_REQUEST);
        p.setTitle("Unreadable request body");
        Throwable cause = e.getMostSpecificCause();
        if (cause instanceof JsonProcessingException json) {
            JsonLocation at = json.getLocation();
            String where = at == null || at.getLineNr() < 1
                    ? ""
                    : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
            String field = json instanceof JsonMappingException m ? path(m.getPath()) : "";
            String what = firstLine(json.getOriginalMessage());
            if (!field.isEmpty()) {
                p.setDetail("field '" + field + "'" + where + ": " + what);
                p.setProperty("field", field);
            } else {
                p.setDetail("the body is not valid JSON" + where + ": " + what);
            }
            if (!where.isEmpty()) {
                p.setProperty("line", at.getLineNr());
                p.setProperty("column", at.getColumnNr());
            }
        } else if (e.getMessage() != null && e.getMessage().startsWith("Required request body is missing")) {
            p.setDetail("the request has no body: it takes JSON");
        } else {
            p.setDetail(firstLine(cause.getMessage() != null ? cause.getMessage() : cause.toString()));
        }
        return ResponseEntity.badRequest()
                .contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .body(p);
    }

    /** A path such as {@code header.data[0].key}. */
    private static String path(List<JsonMappingException.Reference> refs) {
        StringBuilder out = new StringBuilder();
        for (JsonMappingException.Reference r : refs) {
            if (r.getFieldName() != null) {
                out.append(out.isEmpty() ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                out.append('[').append(r.getIndex()).append(']');
            }
        }
        return out.toString();
    }

    private static String firstLine(String s) {
        int end = s.indexOf('\n');
        return (end < 0 ? s : s.substring(0, end)).strip();
    }
}
