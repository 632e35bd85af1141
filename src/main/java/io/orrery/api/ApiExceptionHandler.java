package io.orrery.api;

import io.orrery.app.RunnerCalls;
import io.orrery.device.UnknownCameraException;
import io.orrery.lifecycle.SimCommand;
import io.orrery.log.LogSafe;
import io.orrery.physics.UnknownModelException;
import io.orrery.plugin.PluginEndpointRefusedException;
import io.orrery.runner.port.CommandQueueFullException;
import io.orrery.runner.port.CommandRefusedException;
import io.orrery.runner.port.ControlHeldException;
import io.orrery.runner.port.ModelExistsException;
import io.orrery.topic.UnknownTopicException;
import io.orrery.world.DocumentException;
import io.orrery.world.WorldSaveException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Orrery's exceptions as RFC 7807 problem details, for the API's controllers. Spring MVC's own exceptions (an
 * unreadable body, a missing parameter) are Spring Boot's problem details ({@code spring.mvc.problemdetails}).
 */
@RestControllerAdvice(basePackageClasses = ApiExceptionHandler.class)
class ApiExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ApiExceptionHandler.class);

    /** A command refused in this state: 409 naming the state and the commands allowed in it. */
    @ExceptionHandler(CommandRefusedException.class)
    ProblemDetail refused(CommandRefusedException e) {
        ProblemDetail p = problem(HttpStatus.CONFLICT, "Command refused in this state", e.getMessage());
        p.setProperty("command", e.command());
        p.setProperty("state", e.state().name());
        p.setProperty("allowed", inCommandOrder(e.allowed()));
        return p;
    }

    /** A command refused because a controller holds the simulation: 409 naming the holder. */
    @ExceptionHandler(ControlHeldException.class)
    ProblemDetail held(ControlHeldException e) {
        ProblemDetail p = problem(HttpStatus.CONFLICT, "Simulation held by a controller", e.getMessage());
        p.setProperty("command", e.command());
        p.setProperty("state", e.state().name());
        p.setProperty("holder", e.holder());
        p.setProperty("allowed", inCommandOrder(e.allowed()));
        return p;
    }

    @ExceptionHandler(UnknownModelException.class)
    ProblemDetail unknownModel(UnknownModelException e) {
        ProblemDetail p = problem(HttpStatus.NOT_FOUND, "Unknown model", e.getMessage());
        p.setProperty("model", e.model());
        return p;
    }

    /** A camera the world does not have, or an image it does not draw: 404 naming the cameras there are. */
    @ExceptionHandler(UnknownCameraException.class)
    ProblemDetail unknownCamera(UnknownCameraException e) {
        ProblemDetail p = problem(HttpStatus.NOT_FOUND, "Unknown camera", e.getMessage());
        p.setProperty("cameras", e.known());
        return p;
    }

    /** A topic nobody uses, or nobody subscribes to: 404 naming the topics there are. */
    @ExceptionHandler(UnknownTopicException.class)
    ProblemDetail unknownTopic(UnknownTopicException e) {
        ProblemDetail p = problem(HttpStatus.NOT_FOUND, "Unknown topic", e.getMessage());
        p.setProperty("topic", e.topic());
        p.setProperty("topics", e.known());
        return p;
    }

    /** A message that does not fit its topic's type: 400 naming the field. */
    @ExceptionHandler(MessageReader.BadMessageException.class)
    ProblemDetail badMessage(MessageReader.BadMessageException e) {
        ProblemDetail p = problem(HttpStatus.BAD_REQUEST, "Message does not fit the topic's type", e.getMessage());
        p.setProperty("field", e.field());
        p.setProperty("type", e.type());
        return p;
    }

    @ExceptionHandler(NotFoundException.class)
    ProblemDetail notFound(NotFoundException e) {
        return problem(HttpStatus.NOT_FOUND, "Not found", e.getMessage());
    }

    /** A spawn of a name taken: 409, also when another spawn or a reload took it meanwhile. */
    @ExceptionHandler(ModelExistsException.class)
    ProblemDetail modelExists(ModelExistsException e) {
        ProblemDetail p = problem(HttpStatus.CONFLICT, "Model exists", e.getMessage());
        p.setProperty("model", e.model());
        return p;
    }

    /** A bad SDF document or snippet: 422 with where it is and what was expected. */
    @ExceptionHandler(DocumentException.class)
    ProblemDetail badSdf(DocumentException e) {
        ProblemDetail p = problem(HttpStatus.UNPROCESSABLE_ENTITY, "Invalid SDF", e.getMessage());
        p.setProperty("file", e.file());
        p.setProperty("line", e.line());
        p.setProperty("column", e.column());
        return p;
    }

    /** A plugin from a request that would connect to a host the operator did not list: 422 naming all three. */
    @ExceptionHandler(PluginEndpointRefusedException.class)
    ProblemDetail pluginEndpoint(PluginEndpointRefusedException e) {
        ProblemDetail p = problem(HttpStatus.UNPROCESSABLE_ENTITY, "Plugin endpoint not allowed", e.getMessage());
        p.setProperty("plugin", e.plugin());
        p.setProperty("endpoint", e.endpoint());
        p.setProperty("property", e.property());
        return p;
    }

    /**
     * A world path: a name no rule allows (400), refused by the worlds directory's rules (403), not there (404), or
     * the disk failed (500).
     */
    @ExceptionHandler(WorldSaveException.class)
    ProblemDetail worldFile(WorldSaveException e) {
        ProblemDetail p = switch (e.reason()) {
            case INVALID -> problem(HttpStatus.BAD_REQUEST, "Invalid world path", e.getMessage());
            case REFUSED -> problem(HttpStatus.FORBIDDEN, "World path refused", e.getMessage());
            case NOT_FOUND -> problem(HttpStatus.NOT_FOUND, "No such world file", e.getMessage());
            case FAILED -> {
                log.warn("World save failed: {}", LogSafe.of(e.getMessage()), e);
                yield problem(HttpStatus.INTERNAL_SERVER_ERROR, "World save failed", e.getMessage());
            }
        };
        p.setProperty("path", e.requested());
        return p;
    }

    @ExceptionHandler(IllegalArgumentException.class)
    ProblemDetail badRequest(IllegalArgumentException e) {
        return problem(HttpStatus.BAD_REQUEST, "Bad request", e.getMessage());
    }

    @ExceptionHandler(IllegalStateException.class)
    ProblemDetail conflict(IllegalStateException e) {
        return problem(HttpStatus.CONFLICT, "Not possible now", e.getMessage());
    }

    /** The runner did not apply the command in time: 503, try again later. */
    @ExceptionHandler(RunnerCalls.RunnerTimeoutException.class)
    ResponseEntity<ProblemDetail> timeout(RunnerCalls.RunnerTimeoutException e) {
        ProblemDetail p = problem(
                HttpStatus.SERVICE_UNAVAILABLE, "Runner busy", e.getMessage() + "; the command may still be applied");
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                .header(HttpHeaders.RETRY_AFTER, "1")
                .body(p);
    }

    /** The runner has as many commands waiting as it may hold: 503, try again shortly; nothing accepted is lost. */
    @ExceptionHandler(CommandQueueFullException.class)
    ResponseEntity<ProblemDetail> queueFull(CommandQueueFullException e) {
        ProblemDetail p = problem(HttpStatus.SERVICE_UNAVAILABLE, "Runner busy", e.getMessage());
        p.setProperty("property", e.property());
        p.setProperty("limit", e.limit());
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                .header(HttpHeaders.RETRY_AFTER, "1")
                .contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .body(p);
    }

    /** Too many event-stream clients: 503, try again later. */
    @ExceptionHandler(EventStream.TooManyClientsException.class)
    ResponseEntity<ProblemDetail> tooManyClients(EventStream.TooManyClientsException e) {
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                .header(HttpHeaders.RETRY_AFTER, "10")
                .contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .body(problem(HttpStatus.SERVICE_UNAVAILABLE, "Too many event-stream clients", e.getMessage()));
    }

    /** As many API triggers as orrery.api.max-triggers allows: 409 naming the property and the limit. */
    @ExceptionHandler(TriggerController.TooManyTriggersException.class)
    ProblemDetail tooManyTriggers(TriggerController.TooManyTriggersException e) {
        ProblemDetail p = problem(HttpStatus.CONFLICT, "Too many triggers", e.getMessage());
        p.setProperty("property", "orrery.api.max-triggers");
        p.setProperty("limit", e.max());
        return p;
    }

    @ExceptionHandler(PluginController.PluginCommandException.class)
    ProblemDetail pluginCommand(PluginController.PluginCommandException e) {
        log.warn("{}", LogSafe.of(e.getMessage()), e.getCause());
        return problem(HttpStatus.INTERNAL_SERVER_ERROR, "Plugin command failed", e.getMessage());
    }

    /** The runner's order of commands, as SimCommand declares them (the refusal carries an unordered set). */
    private static final List<String> COMMAND_ORDER =
            Arrays.stream(SimCommand.values()).map(SimCommand::displayName).toList();

    static List<String> inCommandOrder(Set<String> commands) {
        return commands.stream()
                .sorted(Comparator.comparingInt((String c) -> {
                            int i = COMMAND_ORDER.indexOf(c);
                            return i < 0 ? COMMAND_ORDER.size() : i;
                        })
                        .thenComparing(Comparator.naturalOrder()))
                .toList();
    }

    private static ProblemDetail problem(HttpStatus status, String title, String detail) {
        ProblemDetail p = ProblemDetail.forStatusAndDetail(status, detail);
        p.setTitle(title);
        return p;
    }
}
