package io.orrery.sweep;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.ServiceLoader;

/**
 * Whether helm-java can run Helm here. Its native library exists for a few platforms only, one Maven artifact each
 * (the pom's helm-native-* profiles add the running platform's); elsewhere helm-java would fail deep in JNA, or try
 * to download a library at run time. {@link #require()} fails first, naming the platform and what helm-java ships.
 * Written without compile-time references to helm-java, so it also explains a classpath without it.
 */
public final class HelmPlatform {

    /** The platforms helm-java ships a native library for (its lib/ modules, 0.0.21); recheck when upgrading it. */
    static final List<String> SUPPORTED =
            List.of("linux-amd64", "linux-arm64", "darwin-amd64", "darwin-arm64", "windows-amd64");

    private static final String NATIVE_LIBRARY = "com.marcnuri.helm.jni.NativeLibrary";
    private static final String IMPLEMENTATIONS = "com.marcnuri.helm.jni.";

    private HelmPlatform() {}

    /** Throws {@link IllegalStateException} with the reason unless Helm's native library for this platform is here. */
    public static void require() {
        String osName = System.getProperty("os.name");
        String osArch = System.getProperty("os.arch");
        Class<?> service;
        try {
            service = Class.forName(NATIVE_LIBRARY, false, HelmPlatform.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("helm-java is not on the classpath: the sweep runs through Maven"
                    + " (./mvnw -q exec:java@sweep), whose classpath has it; the application jar leaves it out");
        }
        List<String> found = new ArrayList<>();
        for (Object library : ServiceLoader.load(service, HelmPlatform.class.getClassLoader())) {
            found.add(library.getClass().getName());
        }
        check(osName, osArch, found, helmJavaVersion());
    }

    /**
     * Fails unless {@code found} (the classes of the NativeLibrary services on the classpath) holds the library
     * for the platform these {@code os.name} and {@code os.arch} values name.
     */
    static void check(String osName, String osArch, List<String> found, String version) {
        String platform = platform(osName, osArch);
        String here = "os.name=" + osName + ", os.arch=" + osArch;
        String ships = "helm-java " + version + " ships Helm's native library for " + String.join(", ", SUPPORTED);
        if (!SUPPORTED.contains(platform)) {
            throw new IllegalStateException("Helm cannot run on this platform (" + here + "): " + ships
                    + ". The chart tests and the local sweep need one of them");
        }
        String wanted = IMPLEMENTATIONS + platform.replace('-', '.') + ".";
        if (found.stream().noneMatch(name -> name.startsWith(wanted))) {
            throw new IllegalStateException("Helm's native library for " + platform + " (" + here + ") is not on"
                    + " the classpath, found " + found + ": the pom's profile helm-native-" + platform + " adds"
                    + " com.marcnuri.helm-java:" + platform + " when Maven runs on that platform; " + ships);
        }
    }

    /** helm-java's name for a platform, os-arch ({@code linux-amd64}), or the raw values where it has none. */
    static String platform(String osName, String osArch) {
        String os = osName.toLowerCase(Locale.ROOT);
        String name = os.contains("win")
                ? "windows"
                : os.contains("mac") ? "darwin" : os.contains("linux") ? "linux" : os.replace(' ', '_');
        String arch = switch (osArch) {
            case "amd64", "x86_64" -> "amd64";
            case "aarch64", "arm64" -> "arm64";
            default -> osArch;
        };
        return name + "-" + arch;
    }

    /** The version helm-java declares in its lib-api jar, or "(version unknown)". */
    private static String helmJavaVersion() {
        try (InputStream in = HelmPlatform.class.getResourceAsStream("/META-INF/native-libraries.properties")) {
            Properties properties = new Properties();
            if (in != null) {
                properties.load(in);
            }
            return properties.getProperty("com.marcnuri.jkube-helm.version", "(version unknown)");
        } catch (IOException e) {
            return "(version unknown)";
        }
    }
}
