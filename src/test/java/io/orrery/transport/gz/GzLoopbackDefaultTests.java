package io.orrery.transport.gz;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gz-transport node keeps to loopback unless told otherwise: started as the README starts it (no {@code GZ_IP}),
 * on a machine with a network card beside loopback, it joined the discovery group and bound its data sockets on every
 * interface that was up. Here the machine is a network namespace with a veth interface (10.99.0.1) beside {@code lo};
 * what the node joined and bound is read from the namespace's own {@code /proc/net/igmp} and {@code ss}.
 */
class GzLoopbackDefaultTests {

    static final String PARTITION = "orrery-loopback";
    static final String CARD = "10.99.0.1";
    /** gz-transport's discovery group, 239.255.0.7, as /proc/net/igmp prints it (hex, low byte first). */
    static final String GROUP_HEX = "0700FFEF";

    @TempDir
    Path dir;

    @Test
    void withoutGzIpTheNodeJoinsAndBindsOnLoopbackOnly() throws Exception {
        try (NetNamespace ns = NetNamespace.create()) {
            ns.addInterface("card0", CARD);
            GzServer.start(ns, dir, PARTITION, List.of(), true, Map.of("GZ_PARTITION", PARTITION));

            assertThat(groupsJoinedOn(ns, "card0"))
                    .as("the discovery group on the card")
                    .isFalse();
            assertThat(groupsJoinedOn(ns, "lo"))
                    .as("the discovery group on loopback")
                    .isTrue();
            String listening =
                    ns.run(List.of("/usr/bin/ss", "-Hltn"), Map.of(), 30).output();
            // ZeroMQ's sockets show as IPv4 in IPv6 ([::ffff:127.0.0.1]:port); Tomcat's HTTP port is on every one (*)
            assertThat(listening)
                    .as("listening TCP sockets")
                    .contains("127.0.0.1]:")
                    .doesNotContain(CARD);
        }
    }

    @Test
    void orreryTransportIpOpensItToTheNamedInterface() throws Exception {
        try (NetNamespace ns = NetNamespace.create()) {
            ns.addInterface("card0", CARD);
            GzServer.start(
                    ns,
                    dir,
                    PARTITION,
                    List.of("--orrery.transport.ip=" + CARD),
                    true,
                    Map.of("GZ_PARTITION", PARTITION));

            assertThat(groupsJoinedOn(ns, "card0")).isTrue();
            assertThat(ns.run(List.of("/usr/bin/ss", "-Hltn"), Map.of(), 30).output())
                    .contains(CARD + "]:");
        }
    }

    /** Whether the namespace's {@code /proc/net/igmp} lists the discovery group under {@code device}. */
    private static boolean groupsJoinedOn(NetNamespace ns, String device) throws Exception {
        String igmp =
                ns.run(List.of("/usr/bin/cat", "/proc/net/igmp"), Map.of(), 30).output();
        String current = null;
        for (String line : igmp.lines().toList()) {
            if (!line.startsWith("\t") && !line.startsWith(" ") && !line.startsWith("Idx")) {
                String[] f = line.trim().split("\\s+");
                current = f.length > 1 ? f[1].replace(":", "") : null;
            } else if (device.equals(current) && line.toUpperCase(Locale.ROOT).contains(GROUP_HEX)) {
                return true;
            }
        }
        return false;
    }
}
