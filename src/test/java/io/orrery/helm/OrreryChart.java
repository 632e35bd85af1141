package io.orrery.helm;

import com.marcnuri.helm.Helm;
import com.marcnuri.helm.LintResult;
import io.orrery.sweep.HelmPlatform;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * Lints and templates helm/orrery through Helm's own code (helm-java's native library), with values
 * written to a YAML file: {@code --set} would turn numbers into strings. On a platform helm-java has no native
 * library for, each call fails naming the platform ({@link HelmPlatform}).
 */
final class OrreryChart {

    /** The chart, relative to the repository root Surefire runs in. */
    static final Path DIR = Path.of("helm/orrery");

    /** The release name every render uses, so object names are predictable. */
    static final String RELEASE = "demo";

    /** The chart needs 1.29+ (backoffLimitPerIndex); Helm's client-only default is older. */
    static final String KUBE_VERSION = "1.33.0";

    private OrreryChart() {}

    /** The chart's own values.yaml, parsed. */
    static Map<String, Object> defaultValues() {
        return readYamlMap(DIR.resolve("values.yaml"));
    }

    /** Renders the chart with the given values over its defaults; an empty map renders the defaults. */
    static Rendered template(Path workDir, Map<String, Object> values) {
        HelmPlatform.require();
        var command =
                new Helm(DIR).template().withName(RELEASE).withNamespace("sim").withKubeVersion(KUBE_VERSION);
        if (!values.isEmpty()) {
            command =
                    command.withValuesFile(writeYaml(workDir.resolve("values-" + System.nanoTime() + ".yaml"), values));
        }
        return Rendered.parse(command.call());
    }

    /**
     * Lints, strictly, a copy of the chart whose values.yaml is the defaults with the given values laid over
     * them (helm-java's lint takes no values file).
     */
    static LintResult lint(Path workDir, Map<String, Object> values) {
        HelmPlatform.require();
        Path copy = copyChart(workDir.resolve("orrery-" + System.nanoTime()));
        writeYaml(copy.resolve("values.yaml"), deepMerge(defaultValues(), values));
        return new Helm(copy).lint().strict().call();
    }

    /** Helm's merge of values files: maps merge key by key, anything else is replaced. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> deepMerge(Map<String, Object> base, Map<String, Object> over) {
        Map<String, Object> out = new LinkedHashMap<>(base);
        over.forEach((key, value) -> {
            if (value instanceof Map<?, ?> overMap && out.get(key) instanceof Map<?, ?> baseMap) {
                out.put(key, deepMerge((Map<String, Object>) baseMap, (Map<String, Object>) overMap));
            } else {
                out.put(key, value);
            }
        });
        return out;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> parseYamlMap(String yaml) {
        Object parsed = new Yaml().load(yaml);
        if (!(parsed instanceof Map<?, ?>)) {
            throw new IllegalArgumentException("expected a YAML mapping, got: " + yaml);
        }
        return (Map<String, Object>) parsed;
    }

    private static Map<String, Object> readYamlMap(Path file) {
        try {
            return parseYamlMap(Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path writeYaml(Path file, Map<String, Object> values) {
        var options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        try {
            Files.createDirectories(file.getParent());
            return Files.writeString(file, new Yaml(options).dump(values));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path copyChart(Path target) {
        try (Stream<Path> files = Files.walk(DIR)) {
            for (Path source : files.toList()) {
                Path destination = target.resolve(DIR.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(destination);
                } else {
                    Files.copy(source, destination);
                }
            }
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The objects of one render, in order. */
    record Rendered(List<Map<String, Object>> objects) {

        @SuppressWarnings("unchecked")
        static Rendered parse(String manifests) {
            List<Map<String, Object>> objects = new ArrayList<>();
            for (Object document : new Yaml().loadAll(manifests)) {
                if (document != null) {
                    objects.add((Map<String, Object>) document);
                }
            }
            return new Rendered(List.copyOf(objects));
        }

        /** Every rendered object of this kind. */
        List<Map<String, Object>> all(String kind) {
            return objects.stream().filter(o -> kind.equals(o.get("kind"))).toList();
        }

        /** The one rendered object of this kind; fails when there are none or several. */
        Node one(String kind) {
            List<Map<String, Object>> found = all(kind);
            if (found.size() != 1) {
                throw new AssertionError("expected one " + kind + ", rendered " + found.size() + ": " + kinds());
            }
            return new Node(found.get(0), kind);
        }

        /** The rendered object of this kind and name. */
        Node named(String kind, String name) {
            return all(kind).stream()
                    .filter(o -> o.get("metadata") instanceof Map<?, ?> metadata && name.equals(metadata.get("name")))
                    .findFirst()
                    .map(o -> new Node(o, kind + "/" + name))
                    .orElseThrow(() -> new AssertionError("no " + kind + " named " + name + " in " + kinds()));
        }

        List<String> kinds() {
            return objects.stream().map(o -> (String) o.get("kind")).toList();
        }
    }

    /** A walk into parsed YAML by keys and list indexes, failing with the path when a step is missing. */
    record Node(Object value, String path) {

        Node get(Object... steps) {
            Object current = value;
            StringBuilder at = new StringBuilder(path);
            for (Object step : steps) {
                at.append('.').append(step);
                if (step instanceof Integer index && current instanceof List<?> list && index < list.size()) {
                    current = list.get(index);
                } else if (current instanceof Map<?, ?> map && map.containsKey(step)) {
                    current = map.get(step);
                } else {
                    throw new AssertionError("nothing at " + at + " in " + value);
                }
            }
            return new Node(current, at.toString());
        }

        /** The element of a list of maps whose "name" is the given one (containers, env, ports, volumes). */
        Node named(String name) {
            if (value instanceof List<?> list) {
                for (Object item : list) {
                    if (item instanceof Map<?, ?> map && name.equals(map.get("name"))) {
                        return new Node(item, path + "[name=" + name + "]");
                    }
                }
            }
            throw new AssertionError("no element named " + name + " at " + path + ": " + value);
        }

        boolean has(String key) {
            return value instanceof Map<?, ?> map && map.containsKey(key);
        }

        @SuppressWarnings("unchecked")
        Map<String, Object> map() {
            return (Map<String, Object>) value;
        }

        @SuppressWarnings("unchecked")
        List<Object> list() {
            return (List<Object>) value;
        }

        String string() {
            return (String) value;
        }
    }
}
