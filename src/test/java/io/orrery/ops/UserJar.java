package io.orrery.ops;

import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * A user's jar, compiled apart from Orrery's sources: the Java files and resources of
 * {@code src/test/user-jars/<name>/} are compiled with javax.tools against Orrery's classes (this JVM's class path),
 * then written with the resources into a jar under {@code target/user-jars/}.
 */
final class UserJar {

    private static final Path SOURCES = Path.of("src/test/user-jars");

    private UserJar() {}

    /** Builds {@code target/user-jars/<name>.jar} and returns its path. */
    static Path build(String name) {
        Path project = SOURCES.resolve(name);
        if (!Files.isDirectory(project.resolve("java"))) {
            throw new IllegalStateException(
                    "no user project at " + project.toAbsolutePath() + " (tests run from the repository root)");
        }
        try {
            Path classes = Files.createDirectories(Path.of("target/user-jars", name + "-classes"));
            List<String> arguments = new ArrayList<>(List.of(
                    "-d",
                    classes.toString(),
                    "-classpath",
                    System.getProperty("java.class.path"),
                    "--release",
                    "17",
                    "-proc:none"));
            try (Stream<Path> files = Files.walk(project.resolve("java"))) {
                files.filter(f -> f.toString().endsWith(".java")).forEach(f -> arguments.add(f.toString()));
            }
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            StringWriter errors = new StringWriter();
            int status = javac.getTask(
                                    errors,
                                    null,
                                    null,
                                    arguments.subList(0, 7),
                                    null,
                                    javac.getStandardFileManager(null, null, null)
                                            .getJavaFileObjectsFromStrings(arguments.subList(7, arguments.size())))
                            .call()
                    ? 0
                    : 1;
            if (status != 0) {
                throw new IllegalStateException("the user project " + name + " does not compile:\n" + errors);
            }
            Path jar = Path.of("target/user-jars", name + ".jar");
            try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
                java.util.Set<String> directories = new java.util.HashSet<>();
                add(out, classes, directories);
                if (Files.isDirectory(project.resolve("resources"))) {
                    add(out, project.resolve("resources"), directories);
                }
            }
            return jar.toAbsolutePath();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Adds the files under {@code root}, with an entry for each directory as the jar tool writes them. */
    private static void add(JarOutputStream out, Path root, java.util.Set<String> added) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(f -> !f.equals(root)).sorted().toList()) {
                String name = root.relativize(file).toString().replace('\\', '/');
                if (Files.isDirectory(file)) {
                    // Spring's classpath*: scan of a package finds a jar only through its directory entries.
                    if (!added.add(name + "/")) {
                        continue;
                    }
                    out.putNextEntry(new JarEntry(name + "/"));
                    out.closeEntry();
                    continue;
                }
                out.putNextEntry(new JarEntry(name));
                try (OutputStream entry = new NonClosing(out)) {
                    Files.copy(file, entry);
                }
                out.closeEntry();
            }
        }
    }

    /** Lets Files.copy write into the jar without closing it. */
    private static final class NonClosing extends java.io.FilterOutputStream {
        NonClosing(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
