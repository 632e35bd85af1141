package io.orrery.system.environmentpreload;

import io.orrery.system.gazebo.EnvironmentalData;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads environmental data from a CSV file as gz-common's CSV streams and data frames do: a header row naming the
 * columns, then one row of numbers per point in time and space; the time and space columns are named by the plugin,
 * every other column is a field. Whitespace around a value is ignored, quoting is not read. Bounded: the file's
 * bytes, its columns, its rows and the grid values they make (docs/limits.md). A malformed file is refused naming
 * the file, the line and what is wrong.
 */
final class EnvironmentCsv {

    /** The largest file read. */
    static final long MAX_BYTES = 64L * 1024 * 1024;
    /** The most columns a file may have. */
    static final int MAX_COLUMNS = 256;
    /** The most data rows a file may have. */
    static final int MAX_ROWS = 1_000_000;
    /** The most grid values (points of every time's grid, times fields) the data may make. */
    static final long MAX_VALUES = 16L * 1024 * 1024;

    private EnvironmentCsv() {}

    /** The columns the plugin names: the time (null when ignored and absent) and the three space columns. */
    record Columns(String time, boolean ignoreTime, String x, String y, String z) {}

    static EnvironmentalData read(Path file, Columns columns, EnvironmentalData.Reference reference, boolean degrees) {
        try {
            long size = Files.size(file);
            if (size > MAX_BYTES) {
                throw new IllegalArgumentException(
                        file + ": " + size + " bytes, more than the " + MAX_BYTES + " environmental data may have");
            }
            try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                return parse(file.toString(), in, columns, reference, degrees);
            }
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": cannot read environmental data: " + e.getMessage(), e);
        }
    }

    static EnvironmentalData parse(
            String where, BufferedReader in, Columns columns, EnvironmentalData.Reference reference, boolean degrees)
            throws IOException {
        String header = in.readLine();
        int lineNo = 1;
        while (header != null && header.isBlank()) {
            header = in.readLine();
            lineNo++;
        }
        if (header == null) {
            throw new IllegalArgumentException(where + ": empty, expected a header row naming the columns");
        }
        String[] names = split(header);
        if (names.length > MAX_COLUMNS) {
            throw new IllegalArgumentException(where + ":" + lineNo + ": " + names.length + " columns, more than the "
                    + MAX_COLUMNS + " environmental data may have");
        }
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < names.length; i++) {
            if (names[i].isEmpty() || index.putIfAbsent(names[i], i) != null) {
                throw new IllegalArgumentException(where + ":" + lineNo + ": column " + (i + 1)
                        + (names[i].isEmpty() ? " has no name" : " '" + names[i] + "' is named twice"));
            }
        }
        int t = columns.ignoreTime() && !index.containsKey(columns.time())
                ? -1
                : column(index, columns.time(), where, lineNo, "time");
        int x = column(index, columns.x(), where, lineNo, "x");
        int y = column(index, columns.y(), where, lineNo, "y");
        int z = column(index, columns.z(), where, lineNo, "z");
        List<String> fields = new ArrayList<>();
        List<Integer> fieldColumns = new ArrayList<>();
        for (int i = 0; i < names.length; i++) {
            if (i != t && i != x && i != y && i != z) {
                fields.add(names[i]);
                fieldColumns.add(i);
            }
        }
        // rows grouped by time, in order of time
        TreeMap<Double, List<double[]>> byTime = new TreeMap<>();
        int rows = 0;
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            lineNo++;
            if (line.isBlank()) {
                continue;
            }
            if (++rows > MAX_ROWS) {
                throw new IllegalArgumentException(
                        where + ":" + lineNo + ": more than the " + MAX_ROWS + " rows environmental data may have");
            }
            String[] cells = split(line);
            if (cells.length != names.length) {
                throw new IllegalArgumentException(where + ":" + lineNo + ": " + cells.length
                        + " values, the header names " + names.length + " columns");
            }
            double[] row = new double[cells.length];
            for (int i = 0; i < cells.length; i++) {
                try {
                    row[i] = Double.parseDouble(cells[i]);
                } catch (NumberFormatException e) {
                    row[i] = Double.NaN;
                }
                if (!Double.isFinite(row[i])) {
                    throw new IllegalArgumentException(where + ":" + lineNo + ": column '" + names[i]
                            + "' must be a finite number, got '" + cells[i] + "'");
                }
            }
            byTime.computeIfAbsent(t < 0 ? 0.0 : row[t], k -> new ArrayList<>()).add(row);
        }
        if (byTime.isEmpty()) {
            throw new IllegalArgumentException(where + ": no data rows after the header");
        }
        List<EnvironmentalData.Frame> frames = new ArrayList<>();
        long values = 0;
        for (Map.Entry<Double, List<double[]>> e : byTime.entrySet()) {
            List<double[]> at = e.getValue();
            double[] xs = axis(at, x);
            double[] ys = axis(at, y);
            double[] zs = axis(at, z);
            long cells = (long) xs.length * ys.length * zs.length;
            values += cells * Math.max(1, fields.size());
            if (values > MAX_VALUES) {
                throw new IllegalArgumentException(where + ": its grids need more than the " + MAX_VALUES
                        + " values environmental data may have (" + xs.length + " x " + ys.length + " x "
                        + zs.length + " points at time " + e.getKey() + ")");
            }
            Map<String, double[]> grids = new HashMap<>();
            for (String f : fields) {
                double[] g = new double[(int) cells];
                Arrays.fill(g, Double.NaN);
                grids.put(f, g);
            }
            for (double[] row : at) {
                int cell = (Arrays.binarySearch(xs, row[x]) * ys.length + Arrays.binarySearch(ys, row[y])) * zs.length
                        + Arrays.binarySearch(zs, row[z]);
                for (int k = 0; k < fields.size(); k++) {
                    grids.get(fields.get(k))[cell] = row[fieldColumns.get(k)];
                }
            }
            frames.add(new EnvironmentalData.Frame(e.getKey(), xs, ys, zs, grids));
        }
        return new EnvironmentalData(fields, frames, columns.ignoreTime(), reference, degrees);
    }

    private static int column(Map<String, Integer> index, String name, String where, int line, String what) {
        Integer i = index.get(name);
        if (i == null) {
            throw new IllegalArgumentException(
                    where + ":" + line + ": no column '" + name + "' (the " + what + " column); the header names "
                            + index.keySet().stream().sorted().toList());
        }
        return i;
    }

    private static double[] axis(List<double[]> rows, int column) {
        return rows.stream().mapToDouble(r -> r[column]).sorted().distinct().toArray();
    }

    private static String[] split(String line) {
        String[] cells = line.split(",", -1);
        for (int i = 0; i < cells.length; i++) {
            cells[i] = cells[i].strip();
        }
        return cells;
    }
}
