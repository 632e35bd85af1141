package io.orrery.soak;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a soak saw: statuses per kind of command, answers that broke a rule or the ledger, liveness, the model list
 * against the ledger, the saved files, and threads and heap in its first and last stretch.
 *
 * @param clients clients at once
 * @param seconds how long they ran
 * @param commands commands sent (subscribes included)
 * @param tally statuses, latencies and the answers that broke a rule
 * @param livenessPolls polls of /actuator/health/liveness during the soak
 * @param livenessFailures the polls that were not 200 UP
 * @param ledgerModels the models the clients' ledger says the world holds at the end
 * @param serverModels the models /api/models listed at the end
 * @param finalSaveModels the models of a save made at the end, read back with the SDF reader
 * @param savedFiles the distinct files the clients saved
 * @param unreadableSaves the saved files the SDF reader refused, with why
 * @param first threads and heap in the first stretch
 * @param last threads and heap in the last stretch
 */
public record SoakReport(
        int clients,
        double seconds,
        int commands,
        Tally tally,
        int livenessPolls,
        List<String> livenessFailures,
        Set<String> ledgerModels,
        Set<String> serverModels,
        Set<String> finalSaveModels,
        int savedFiles,
        List<String> unreadableSaves,
        GrowthSampler.Window first,
        GrowthSampler.Window last) {

    /** Requests per status over every kind of command. */
    public Map<Integer, Integer> statuses() {
        return tally.totals();
    }

    /** The first answers (up to 20) whose status their kind of command may not get, and how many there were. */
    public String unexpected() {
        return tally.unexpectedCount() + " " + tally.unexpected();
    }

    public int unexpectedCount() {
        return tally.unexpectedCount();
    }

    /** Answers that contradicted the ledger, and the first of them. */
    public int disagreementCount() {
        return tally.disagreementCount();
    }

    public List<String> disagreements() {
        return tally.disagreements();
    }

    public int firstMaxThreads() {
        return first.maxThreads();
    }

    public int lastMaxThreads() {
        return last.maxThreads();
    }

    public long firstMedianHeap() {
        return first.medianHeap();
    }

    public long lastMedianHeap() {
        return last.medianHeap();
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        int requests = statuses().values().stream().mapToInt(Integer::intValue).sum();
        b.append(String.format(
                Locale.ROOT,
                "Soak: %d clients, %.0f s: %d commands, %d requests (%.0f/s), statuses"
                        + " %s; latency p50 %.1f ms, p99 %.1f ms, max %.0f ms%n",
                clients,
                seconds,
                commands,
                requests,
                requests / seconds,
                statuses(),
                tally.percentileMillis(0.5),
                tally.percentileMillis(0.99),
                tally.maxMillis()));
        b.append("  per command: ")
                .append(tally.statuses().entrySet().stream()
                        .map(e -> e.getKey().name().toLowerCase(Locale.ROOT) + " " + e.getValue())
                        .collect(Collectors.joining(", ")))
                .append('\n');
        b.append("  unexpected statuses: ").append(unexpected()).append('\n');
        b.append("  ledger disagreements: ")
                .append(disagreementCount())
                .append(' ')
                .append(disagreements())
                .append('\n');
        b.append(String.format(
                Locale.ROOT,
                "  liveness: %d polls, %d not 200 UP %s%n",
                livenessPolls,
                livenessFailures.size(),
                livenessFailures));
        b.append("  models: ledger ")
                .append(ledgerModels)
                .append(", server ")
                .append(serverModels)
                .append(", final save ")
                .append(finalSaveModels)
                .append('\n');
        b.append(String.format(
                Locale.ROOT,
                "  saved files: %d, unreadable %d %s%n",
                savedFiles,
                unreadableSaves.size(),
                unreadableSaves));
        b.append("  first ").append(first).append('\n');
        b.append("  last  ").append(last);
        return b.toString();
    }
}
