package io.orrery.transport.gz;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Where the node lives on the network, read from gz-transport's environment variables as gz-transport reads them:
 * the {@code GZ_} name, else the {@code IGN_} name (ign-transport 11, Fortress). A bad value stops the start naming
 * the variable.
 *
 * @param partition the partition ({@code GZ_PARTITION}; default {@code <hostname>:<user>})
 * @param interfaces the IPv4 addresses discovery joins the multicast group on ({@code GZ_IP}, else
 *     {@code orrery.transport.ip}: 127.0.0.1 by default, every interface that is up for {@code *})
 * @param host the address the ZeroMQ sockets bind to (the same one; for {@code *} the first address not on
 *     loopback, as gz-transport picks it)
 * @param relays unicast relays every discovery message also goes to ({@code GZ_RELAY}, colon-separated IPv4s)
 * @param group the multicast group ({@code GZ_DISCOVERY_MULTICAST_IP}, default 239.255.0.7)
 * @param msgPort the topics' discovery port ({@code GZ_DISCOVERY_MSG_PORT}, default 10317)
 * @param srvPort the services' discovery port ({@code GZ_DISCOVERY_SRV_PORT}, default 10318)
 */
record GzEnvironment(
        String partition,
        List<InetAddress> interfaces,
        InetAddress host,
        List<InetAddress> relays,
        InetAddress group,
        int msgPort,
        int srvPort) {

    static final String DEFAULT_GROUP = "239.255.0.7";
    static final int DEFAULT_MSG_PORT = 10317;
    static final int DEFAULT_SRV_PORT = 10318;

    GzEnvironment {
        interfaces = List.copyOf(interfaces);
        relays = List.copyOf(relays);
    }

    /** The environment of this process, with {@code orrery.transport.ip} as {@code configuredIp}. */
    static GzEnvironment fromSystem(String configuredIp) {
        return from(System.getenv(), configuredIp, GzEnvironment::localAddresses);
    }

    /** {@code env} with the default interface, loopback. */
    static GzEnvironment from(Map<String, String> env) {
        return from(env, GzTransportProperties.LOOPBACK, GzEnvironment::localAddresses);
    }

    /**
     * {@code env}, with {@code configuredIp} ({@code orrery.transport.ip}) where it names no interface, and
     * {@code upAddresses} listing the IPv4 addresses of the interfaces that are up, the non-loopback ones first.
     */
    static GzEnvironment from(Map<String, String> env, String configuredIp, Supplier<List<InetAddress>> upAddresses) {
        Optional<Variable> partitionVar = variable(env, "PARTITION");
        String partition = partitionVar.map(Variable::value).orElseGet(GzEnvironment::defaultPartition);
        String problem = GzNames.partitionProblem(partition);
        if (problem != null) {
            throw new IllegalArgumentException(partitionVar.map(Variable::name).orElse("the default partition") + " '"
                    + partition + "' is not a valid gz-transport partition: " + problem);
        }
        Optional<Variable> ip = variable(env, "IP");
        List<InetAddress> interfaces;
        InetAddress host;
        if (ip.isPresent()) {
            InetAddress address = ipv4(ip.get().name(), ip.get().value());
            if (!isLocal(address)) {
                throw new IllegalArgumentException(
                        ip.get().name() + "=" + ip.get().value() + " is not an address of this machine's interfaces");
            }
            interfaces = List.of(address);
            host = address;
        } else if (!GzTransportProperties.EVERY_INTERFACE.equals(configuredIp)) {
            InetAddress address = ipv4("orrery.transport.ip", configuredIp);
            if (!isLocal(address)) {
                throw new IllegalArgumentException("orrery.transport.ip=" + configuredIp
                        + " is not an address of this machine's interfaces (or * for every one)");
            }
            interfaces = List.of(address);
            host = address;
        } else {
            interfaces = upAddresses.get();
            host = interfaces.stream()
                    .filter(a -> !a.isLoopbackAddress())
                    .findFirst()
                    .orElse(InetAddress.getLoopbackAddress());
            if (interfaces.isEmpty()) {
                interfaces = List.of(host);
            }
        }
        List<InetAddress> relays = new ArrayList<>();
        Optional<Variable> relay = variable(env, "RELAY");
        if (relay.isPresent()) {
            for (String part : relay.get().value().split(":")) {
                if (!part.isBlank()) {
                    relays.add(ipv4(relay.get().name(), part.trim()));
                }
            }
        }
        Optional<Variable> groupVar = variable(env, "DISCOVERY_MULTICAST_IP");
        InetAddress group = groupVar.map(v -> ipv4(v.name(), v.value())).orElseGet(() -> ipv4("group", DEFAULT_GROUP));
        if (!group.isMulticastAddress()) {
            throw new IllegalArgumentException(groupVar.map(Variable::name).orElse("group") + "="
                    + group.getHostAddress() + " is not a multicast address");
        }
        int msgPort = port(env, "DISCOVERY_MSG_PORT", DEFAULT_MSG_PORT);
        int srvPort = port(env, "DISCOVERY_SRV_PORT", DEFAULT_SRV_PORT);
        if (msgPort == srvPort) { // gz-transport moves the services' port by one, and so do we
            srvPort = msgPort < 65535 ? msgPort + 1 : msgPort - 1;
        }
        return new GzEnvironment(partition, interfaces, host, relays, group, msgPort, srvPort);
    }

    /** gz-transport's default partition: the host name and the user name. */
    static String defaultPartition() {
        String user = Optional.ofNullable(System.getenv("USER")).orElse(System.getProperty("user.name", "user"));
        return hostname() + ":" + user;
    }

    private static String hostname() {
        try {
            return Files.readString(Path.of("/proc/sys/kernel/hostname"), StandardCharsets.UTF_8)
                    .trim();
        } catch (IOException | RuntimeException e) {
            try {
                return InetAddress.getLocalHost().getHostName();
            } catch (UnknownHostException u) {
                return "localhost";
            }
        }
    }

    /** A variable's value: the GZ_ name first, then the IGN_ name. */
    private static Optional<Variable> variable(Map<String, String> env, String suffix) {
        for (String prefix : List.of("GZ_", "IGN_")) {
            String value = env.get(prefix + suffix);
            if (value != null && !value.isEmpty()) {
                return Optional.of(new Variable(prefix + suffix, value));
            }
        }
        return Optional.empty();
    }

    private static int port(Map<String, String> env, String suffix, int fallback) {
        Optional<Variable> v = variable(env, suffix);
        if (v.isEmpty()) {
            return fallback;
        }
        try {
            int port = Integer.parseInt(v.get().value().trim());
            if (port < 1 || port > 65535) {
                throw new NumberFormatException();
            }
            return port;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(v.get().name() + " must be a port from 1 to 65535, got '"
                    + v.get().value() + "'");
        }
    }

    private static InetAddress ipv4(String variable, String text) {
        String[] parts = text.split("\\.", -1);
        if (parts.length != 4) {
            throw new IllegalArgumentException(variable + ": '" + text + "' is not an IPv4 address");
        }
        byte[] bytes = new byte[4];
        for (int i = 0; i < 4; i++) {
            try {
                int b = Integer.parseInt(parts[i]);
                if (b < 0 || b > 255 || parts[i].length() > 3) {
                    throw new NumberFormatException();
                }
                bytes[i] = (byte) b;
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(variable + ": '" + text + "' is not an IPv4 address");
            }
        }
        try {
            return InetAddress.getByAddress(bytes); // a literal: no name lookup
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(variable + ": '" + text + "' is not an IPv4 address", e);
        }
    }

    private static boolean isLocal(InetAddress address) {
        try {
            return address.isLoopbackAddress() || NetworkInterface.getByInetAddress(address) != null;
        } catch (SocketException e) {
            return false;
        }
    }

    /** Every IPv4 address of an interface that is up, the non-loopback ones first. */
    private static List<InetAddress> localAddresses() {
        List<InetAddress> found = new ArrayList<>();
        List<InetAddress> loopback = new ArrayList<>();
        try {
            for (NetworkInterface nif : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                if (!nif.isUp()) {
                    continue;
                }
                for (InetAddress a : Collections.list(nif.getInetAddresses())) {
                    if (a instanceof Inet4Address) {
                        (a.isLoopbackAddress() ? loopback : found).add(a);
                    }
                }
            }
        } catch (SocketException e) {
            return List.of(InetAddress.getLoopbackAddress());
        }
        found.addAll(loopback);
        return found;
    }

    private record Variable(String name, String value) {}
}
