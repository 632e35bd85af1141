package io.orrery.world.sdf;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Where {@code model://} and Fuel URIs lead, found offline: the model path's directories (each holding model
 * directories) and Gazebo's local Fuel cache ({@code <cache>/<server>/<owner>/models/<name>/<version>/}). A model name
 * is one path segment and a path inside a model directory stays inside it: {@code ..}, absolute parts and symbolic
 * links that lead out of the model directory or out of the model-path directory are refused, and a refusal reads
 * exactly as "not found", so an answer never tells whether a path exists outside.
 *
 * @param directories the model path, in search order
 * @param fuelCache the Fuel cache root (GZ_FUEL_CACHE_PATH, else ~/.gz/fuel), if any
 */
record ModelPath(List<Path> directories, Optional<Path> fuelCache) {

    /** A Fuel model URL as gz-fuel-tools reads it: server, optional API version, owner, name, optional version. */
    private static final Pattern FUEL = Pattern.compile(
            "(?i)^https?://([^/\\s]+)/+(?:[0-9]+\\.[0-9]+/+)?([^/\\s]+)/+models/+([^/]+?)/*(?:/([0-9]+|tip))?/?$");

    private static final Pattern VERSION_DIR = Pattern.compile("[0-9]{1,9}");

    ModelPath {
        directories = List.copyOf(directories);
    }

    ModelPath(List<Path> directories) {
        this(directories, Optional.empty());
    }

    /** The directories of an environment value such as GZ_SIM_RESOURCE_PATH: ':'-separated, blanks skipped. */
    static List<Path> parse(String value) {
        if (value == null || value.isBlank()) {
            return List.of();
        }
        return Arrays.stream(value.split(":"))
                .map(String::strip)
                .filter(s -> !s.isEmpty())
                .map(Path::of)
                .toList();
    }

    static boolean isRemote(String uri) {
        String lower = uri.toLowerCase(Locale.ROOT);
        return lower.startsWith("http://") || lower.startsWith("https://");
    }

    /** A URI's form refused before any disk is looked at; the message names the rule. */
    static final class BadUri extends Exception {

        private static final long serialVersionUID = 1L;

        BadUri(String message) {
            super(message);
        }
    }

    /**
     * The file or directory {@code model://name[/path]} names inside the first model directory {@code name} of the
     * path that holds it; empty when none does (or the only ones lead out through links).
     *
     * @throws BadUri when the name is not one path segment or the path is not relative and plain
     */
    Optional<Path> model(String uri) throws BadUri {
        return inModel(uri).map(InModel::file);
    }

    /** What a {@code model://} URI found: the file or directory, and its model directory, both real paths. */
    record InModel(Path file, Path modelDirectory) {}

    /** As {@link #model(String)}, with the model directory the URI's path stays inside. */
    Optional<InModel> inModel(String uri) throws BadUri {
        String rest = uri.substring("model://".length());
        int slash = rest.indexOf('/');
        String name = slash < 0 ? rest : rest.substring(0, slash);
        checkSegment(name, "a model name");
        List<String> inside = slash < 0 ? List.of() : segments(rest.substring(slash + 1));
        for (Path dir : directories) {
            Optional<Path> found =
                    within(dir, Stream.concat(Stream.of(name), inside.stream()).toList());
            if (found.isPresent()) {
                try {
                    return Optional.of(
                            new InModel(found.get(), dir.resolve(name).toRealPath()));
                } catch (IOException e) {
                    return Optional.empty();
                }
            }
        }
        return Optional.empty();
    }

    /** The parts of a Fuel model URL. */
    record FuelUri(String server, String owner, String name, Optional<String> version) {}

    /** The Fuel model URL's parts, lower-cased as gz-fuel-tools stores them; empty for any other URL. */
    static Optional<FuelUri> fuel(String uri) throws BadUri {
        Matcher m = FUEL.matcher(uri);
        if (!m.matches()) {
            return Optional.empty();
        }
        String server = m.group(1).toLowerCase(Locale.ROOT);
        String owner = decode(m.group(2)).toLowerCase(Locale.ROOT);
        String name = decode(m.group(3)).toLowerCase(Locale.ROOT);
        checkSegment(server, "a Fuel server");
        checkSegment(owner, "a Fuel owner");
        checkSegment(name, "a Fuel model name");
        String version = m.group(4) == null || m.group(4).equalsIgnoreCase("tip") ? null : m.group(4);
        return Optional.of(new FuelUri(server, owner, name, Optional.ofNullable(version)));
    }

    /** The cache directory of a Fuel model: the version asked for, else the highest cached; empty when absent. */
    Optional<Path> fuelModel(FuelUri uri) {
        if (fuelCache.isEmpty()) {
            return Optional.empty();
        }
        Path root = fuelCache.get();
        List<String> model = List.of(uri.server(), uri.owner(), "models", uri.name());
        if (uri.version().isPresent()) {
            return within(root, concat(model, uri.version().get()));
        }
        Optional<Path> modelDir = within(root, model);
        if (modelDir.isEmpty() || !Files.isDirectory(modelDir.get())) {
            return Optional.empty();
        }
        List<String> versions = new ArrayList<>();
        try (Stream<Path> children = Files.list(modelDir.get())) {
            children.map(p -> p.getFileName().toString())
                    .filter(n -> VERSION_DIR.matcher(n).matches())
                    .forEach(versions::add);
        } catch (IOException e) {
            return Optional.empty();
        }
        versions.sort((a, b) -> Long.compare(Long.parseLong(b), Long.parseLong(a)));
        for (String version : versions) {
            Optional<Path> found = within(root, concat(model, version));
            if (found.isPresent() && Files.isDirectory(found.get())) {
                return found;
            }
        }
        return Optional.empty();
    }

    /**
     * {@code base/segments...} when it exists and, links resolved, is still inside {@code base} and inside
     * {@code base/segments[0]} (the model directory); its real path.
     */
    static Optional<Path> within(Path base, List<String> segments) {
        Path target = base;
        for (String s : segments) {
            target = target.resolve(s);
        }
        if (!Files.exists(target)) {
            return Optional.empty();
        }
        try {
            Path baseReal = base.toRealPath();
            Path real = target.toRealPath();
            Path first = base.resolve(segments.get(0));
            if (Files.isSymbolicLink(first)) {
                return Optional.empty(); // a model directory that is a link leads out of the model path
            }
            if (!real.startsWith(baseReal) || !real.startsWith(first.toRealPath())) {
                return Optional.empty();
            }
            return Optional.of(real);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** A file of a model directory ({@code dir} a real path), if it is a regular file that stays inside. */
    static Optional<Path> fileIn(Path dir, String relative) {
        try {
            List<String> parts = segments(relative);
            Optional<Path> found =
                    within(dir.getParent(), concat(List.of(dir.getFileName().toString()), parts));
            return found.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS));
        } catch (BadUri e) {
            return Optional.empty();
        }
    }

    private static List<String> segments(String path) throws BadUri {
        if (path.isEmpty()) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (String s : path.split("/", -1)) {
            if (s.isEmpty()) {
                continue;
            }
            checkSegment(s, "a path inside a model");
            out.add(s);
        }
        return out;
    }

    private static void checkSegment(String s, String what) throws BadUri {
        if (s.isEmpty()
                || s.equals(".")
                || s.equals("..")
                || s.indexOf('\\') >= 0
                || s.indexOf('\0') >= 0
                || s.indexOf(':') >= 0
                || s.indexOf('/') >= 0) {
            throw new BadUri(what + " must be one plain path segment (no '..', '.', '/', '\\', ':' or NUL), got '"
                    + s.replace('\0', '?') + "'");
        }
        try {
            Path p = Path.of(s);
            if (p.isAbsolute() || p.getNameCount() != 1) {
                throw new BadUri(what + " must be one plain path segment, got '" + s + "'");
            }
        } catch (InvalidPathException e) {
            throw new BadUri(what + " is not a valid path segment: '" + s + "'");
        }
    }

    private static String decode(String s) throws BadUri {
        try {
            return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new BadUri("'" + s + "' is not valid percent-encoding");
        }
    }

    private static List<String> concat(List<String> head, String tail) {
        List<String> out = new ArrayList<>(head);
        out.add(tail);
        return out;
    }

    private static List<String> concat(List<String> head, List<String> tail) {
        List<String> out = new ArrayList<>(head);
        out.addAll(tail);
        return out;
    }

    /** Where a missing model was looked for, for messages: how many places, never their paths on the server. */
    String searched() {
        return "the model path (" + directories.size() + (directories.size() == 1 ? " directory" : " directories") + ")"
                + fuelCache.map(c -> " and the Fuel cache").orElse("");
    }

    @Override
    public String toString() {
        return directories.toString();
    }
}
