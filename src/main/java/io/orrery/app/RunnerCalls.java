package io.orrery.app;

import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Waits on runner commands from request threads, with a bound, and rethrows what the runner refused. */
public final class RunnerCalls {

    /** How long a request waits for the runner to apply its command. */
    public static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(30);

    private RunnerCalls() {}

    /** The command's result once the runner has applied it; its failure rethrown as is. */
    public static <T> T await(String what, CompletableFuture<T> command) {
        return await(what, command, COMMAND_TIMEOUT);
    }

    public static <T> T await(String what, CompletableFuture<T> command, Duration timeout) {
        try {
            return command.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunnerTimeoutException(what + ": interrupted while waiting for the runner", timeout);
        } catch (TimeoutException e) {
            throw new RunnerTimeoutException(
                    what + ": the runner did not answer within " + timeout.toSeconds() + " s", timeout);
        } catch (CancellationException e) {
            throw new IllegalStateException(what + " was cancelled (a later command replaced it)", e);
        } catch (ExecutionException e) {
            throw rethrow(e.getCause());
        }
    }

    private static RuntimeException rethrow(Throwable cause) {
        while (cause instanceof CompletionException || cause instanceof ExecutionException) {
            if (cause.getCause() == null) {
                break;
            }
            cause = cause.getCause();
        }
        if (cause instanceof RuntimeException r) {
            return r;
        }
        if (cause instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(cause);
    }

    /** The runner did not apply a command in time; the command may still be applied later. */
    public static final class RunnerTimeoutException extends RuntimeException {

        private static final long serialVersionUID = 1L;

        private final Duration timeout;

        RunnerTimeoutException(String message, Duration timeout) {
            super(message);
            this.timeout = timeout;
        }

        public Duration timeout() {
            return timeout;
        }
    }
}
