package io.orrery.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Where helm-java has no native library, the chart tests and the local sweep fail at once naming the platform and
 * what helm-java supports, instead of deep in JNA loading another platform's library.
 */
class HelmPlatformTests {

    private static final String LINUX_AMD64 = "com.marcnuri.helm.jni.linux.amd64.LinuxAmd64NativeLibrary";

    @Test
    void platformsAreNamedAsHelmJavaNamesItsArtifacts() {
        assertThat(HelmPlatform.platform("Linux", "amd64")).isEqualTo("linux-amd64");
        assertThat(HelmPlatform.platform("Linux", "aarch64")).isEqualTo("linux-arm64");
        assertThat(HelmPlatform.platform("Mac OS X", "x86_64")).isEqualTo("darwin-amd64");
        assertThat(HelmPlatform.platform("Mac OS X", "aarch64")).isEqualTo("darwin-arm64");
        assertThat(HelmPlatform.platform("Windows 11", "amd64")).isEqualTo("windows-amd64");
        assertThat(HelmPlatform.platform("FreeBSD", "amd64")).isEqualTo("freebsd-amd64");
    }

    @Test
    void aPlatformWithoutANativeLibraryFailsNamingItAndWhatHelmJavaShips() {
        assertThatThrownBy(() -> HelmPlatform.check("Linux", "ppc64le", List.of(LINUX_AMD64), "0.0.21"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("os.name=Linux, os.arch=ppc64le")
                .hasMessageContaining("helm-java 0.0.21 ships Helm's native library for linux-amd64, linux-arm64,"
                        + " darwin-amd64, darwin-arm64, windows-amd64");
        assertThatThrownBy(() -> HelmPlatform.check("FreeBSD", "amd64", List.of(), "0.0.21"))
                .hasMessageContaining("os.name=FreeBSD, os.arch=amd64");
    }

    @Test
    void anotherPlatformsLibraryOnTheClasspathIsNotTakenForThisOnes() {
        // linux-amd64's library on an arm64 machine: helm-java would load it and fail in JNA
        assertThatThrownBy(() -> HelmPlatform.check("Linux", "aarch64", List.of(LINUX_AMD64), "0.0.21"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("native library for linux-arm64 (os.name=Linux, os.arch=aarch64)")
                .hasMessageContaining("found [" + LINUX_AMD64 + "]")
                .hasMessageContaining("helm-native-linux-arm64");
        assertThatCode(() -> HelmPlatform.check("Linux", "amd64", List.of(LINUX_AMD64), "0.0.21"))
                .doesNotThrowAnyException();
    }

    @Test
    void thisMachinesPlatformHasItsLibraryOnTheTestClasspath() {
        // The build adds the running platform's artifact; on a platform helm-java lacks, this fails with the reason.
        assertThatCode(HelmPlatform::require).doesNotThrowAnyException();
    }
}
