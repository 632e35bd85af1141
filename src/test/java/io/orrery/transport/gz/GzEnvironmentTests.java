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

    /**
     * Without GZ_IP the node keeps to loopback (orrery.transport.ip's default), whatever interfaces the machine has;
     * {@code *} is gz-transport's own default, every interface that is up; GZ_IP wins over the property.
     */
    @Test
    void loopbackUnlessAnInterfaceIsNamed() throws Exception {
        InetAddress card = InetAddress.getByName("192.0.2.77");
        InetAddress lo = InetAddress.getByName("127.0.0.1");
        java.util.function.Supplier<java.util.List<InetAddress>> machine = () -> java.util.List.of(card, lo);

        GzEnvironment byDefault = GzEnvironment.from(Map.of());
        assertThat(byDefault.interfaces()).containsExactly(lo);
        assertThat(byDefault.host()).isEqualTo(lo);
        assertThat(GzEnvironment.from(Map.of(), "127.0.0.1", machine).interfaces())
                .containsExactly(lo);

        GzEnvironment every = GzEnvironment.from(Map.of(), "*", machine);
        assertThat(every.interfaces()).containsExactly(card, lo);
        assertThat(every.host()).isEqualTo(card);

        assertThat(GzEnvironment.from(Map.of("GZ_IP", "127.0.0.1"), "*", machine)
                        .interfaces())
                .containsExactly(lo);
        assertThatThrownBy(() -> GzEnvironment.from(Map.of(), "192.0.2.77", machine))
                .hasMessageContaining("orrery.transport.ip=192.0.2.77 is not an address of this machine's interfaces");
        assertThatThrownBy(() -> GzEnvironment.from(Map.of(), "eth0", machine))
                .hasMessageContaining("orrery.transport.ip: 'eth0' is not an IPv4 address");
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
