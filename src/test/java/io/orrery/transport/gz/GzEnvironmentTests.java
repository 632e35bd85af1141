package io.orrery.transport.gz;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** gz-transport's environment variables, read as gz-transport reads them: GZ_ first, then IGN_ (Fortress). */
class GzEnvironmentTests {

    @Test
    void theGzNameWinsOverTheIgnitionNameAndEitherIsTaken() {
        GzEnvironment both = GzEnvironment.from(Map.of(
                "GZ_PARTITION",
                "garden",
                "IGN_PARTITION",
                "fortress",
                "IGN_IP",
                "127.0.0.1",
                "GZ_DISCOVERY_MSG_PORT",
                "11317",
                "IGN_DISCOVERY_SRV_PORT",
                "11318"));

        assertThat(both.partition()).isEqualTo("garden");
        assertThat(both.host().getHostAddress()).isEqualTo("127.0.0.1");
        assertThat(both.interfaces()).extracting(InetAddress::getHostAddress).containsExactly("127.0.0.1");
        assertThat(both.msgPort()).isEqualTo(11317);
        assertThat(both.srvPort()).isEqualTo(11318);
        assertThat(GzEnvironment.from(Map.of("IGN_PARTITION", "fortress")).partition())
                .isEqualTo("fortress");
    }

    @Test
    void defaultsAreGzTransports() {
        GzEnvironment env = GzEnvironment.from(Map.of("GZ_IP", "127.0.0.1"));

        assertThat(env.partition()).isEqualTo(GzEnvironment.defaultPartition()).contains(":");
        assertThat(env.group().getHostAddress()).isEqualTo("239.255.0.7");
        assertThat(env.msgPort()).isEqualTo(10317);
        assertThat(env.srvPort()).isEqualTo(10318);
        assertThat(env.relays()).isEmpty();
    }

    @Test
    void relaysAreColonSeparatedAddressesAndEqualPortsMoveTheServicesOneAlong() {
        GzEnvironment env = GzEnvironment.from(Map.of(
                "GZ_IP",
                "127.0.0.1",
                "GZ_RELAY",
                "10.0.0.5:10.0.0.6",
                "GZ_DISCOVERY_MSG_PORT",
                "12000",
                "GZ_DISCOVERY_SRV_PORT",
                "12000"));

        assertThat(env.relays()).extracting(InetAddress::getHostAddress).containsExactly("10.0.0.5", "10.0.0.6");
        assertThat(env.srvPort()).isEqualTo(12001);
    }

    @Test
    void aBadValueNamesItsVariable() {
        assertThatThrownBy(() -> GzEnvironment.from(Map.of("GZ_IP", "127.0.0.1", "GZ_RELAY", "10.0.0.5:relay.local")))
                .hasMessageContaining("GZ_RELAY")
                .hasMessageContaining("not an IPv4 address");
        assertThatThrownBy(() -> GzEnvironment.from(Map.of("IGN_IP", "192.0.2.77")))
                .hasMessageContaining("IGN_IP=192.0.2.77 is not an address of this machine's interfaces");
        assertThatThrownBy(() -> GzEnvironment.from(Map.of("GZ_IP", "127.0.0.1", "GZ_DISCOVERY_MSG_PORT", "70000")))
                .hasMessageContaining("GZ_DISCOVERY_MSG_PORT must be a port from 1 to 65535, got '70000'");
        assertThatThrownBy(
                        () -> GzEnvironment.from(Map.of("GZ_IP", "127.0.0.1", "GZ_DISCOVERY_MULTICAST_IP", "10.1.1.1")))
                .hasMessageContaining("GZ_DISCOVERY_MULTICAST_IP=10.1.1.1 is not a multicast address");
        assertThatThrownBy(() -> GzEnvironment.from(Map.of("GZ_IP", "127.0.0.1", "GZ_PARTITION", "a@b")))
                .hasMessageContaining("GZ_PARTITION 'a@b' is not a valid gz-transport partition");
    }
}
