package io.orrery.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Benchmark runs in a process of their own (a fresh JVM, or a native anchor), each printing one {@code RESULT} line of
 * {@code key=value} fields: how the runners start them and read their figures back.
 */
final class ChildRuns {

    /** Lines of a failed run's output kept for its error message. */
    private static final int TAIL = 20;

    private ChildRuns() {}

    /** The command that runs {@code main}'s {@code main} in a fresh JVM on this one's class path. */
    static List<String> java(Class<?> main, String maxHeap, String... args) {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + maxHeap,
                "-cp",
                System.getProperty("java.class.path"),
                main.getName()));
        command.addAll(List.of(args));
        return command;
    }

    /**
     * Runs {@code command} and gathers the fields of its {@code RESULT} lines (stdout and stderr); a run that fails or
     * prints no {@code required} field is an error naming {@code what}, the command and the output's last lines.
     */
    static Map<String, String> run(List<String> command, String required, String what)
            throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        Map<String, String> fields = new LinkedHashMap<>();
        List<String> tail = new ArrayList<>();
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                if (line.startsWith("RESULT ")) {
                    for (String kv : line.substring(7).trim().split("\\s+")) {
                        int eq = kv.indexOf('=');
                        fields.put(kv.substring(0, eq), kv.substring(eq + 1));
                    }
                } else {
                    tail.add(line);
                    if (tail.size() > TAIL) {
                        tail.remove(0);
                    }
                }
            }
        }
        if (p.waitFor() != 0 || !fields.containsKey(required)) {
            throw new IllegalStateException(
                    "the " + what + " run failed: " + String.join(" ", command) + "\n" + String.join("\n", tail));
        }
        return fields;
    }
}
