package io.orrery.examples;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Drives vehicle_blue of Gazebo's diff_drive.sdf around a 2 m square over Orrery's control WebSocket. Each call
 * publishes a velocity command, runs 1 s of simulation (1000 steps) and reads the odometry published at its end
 * (1 Hz in this world); a proportional controller heads for each corner in turn. Needs nothing but the JDK.
 */
public final class SquareDriver {

    static final double[][] CORNERS = {{2, 0}, {2, 2}, {0, 2}, {0, 0}}; // odometry frame: the start is 0 0, yaw 0
    static final double REACHED = 0.15; // m: near enough to a corner to head for the next one
    static final String BODY = ",\"count\":1000,\"publish\":{\"/model/vehicle_blue/cmd_vel\":{\"linear\":{\"x\":%.4f},"
            + "\"angular\":{\"z\":%.4f}}},\"observe\":[\"/model/vehicle_blue/odometry\"]";
    private static final String NUM = "(-?[0-9.]+(?:[eE][-+]?[0-9]+)?)";
    private static final Pattern POSE = Pattern.compile("\"position\":\\{\"x\":" + NUM + ",\"y\":" + NUM
            + ".*?\"orientation\":\\{\"x\":" + NUM + ",\"y\":" + NUM + ",\"z\":" + NUM + ",\"w\":" + NUM);

    private final BlockingQueue<String> answers = new LinkedBlockingQueue<>();
    private final WebSocket socket;
    private int id;

    public static void main(String[] args) throws Exception {
        SquareDriver driver = new SquareDriver(URI.create(args.length > 0 ? args[0] : "ws://localhost:8080/api/control"));
        for (double[] p : driver.drive()) {
            System.out.printf(Locale.ROOT, "x %6.3f  y %6.3f  yaw %6.3f%n", p[0], p[1], p[2]);
        }
    }

    public SquareDriver(URI uri) throws Exception {
        socket = HttpClient.newHttpClient().newWebSocketBuilder().buildAsync(uri, new WebSocket.Listener() {
            private final StringBuilder text = new StringBuilder();

            @Override
            public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
                text.append(data);
                if (last) {
                    answers.add(text.toString());
                    text.setLength(0);
                }
                ws.request(1);
                return null;
            }
        }).get(10, TimeUnit.SECONDS);
    }

    /** Drives the square from a reset and stops; the odometry (x, y, yaw) after each second. */
    public List<double[]> drive() throws Exception {
        call("acquire", "");
        call("reset", "");
        List<double[]> path = new ArrayList<>();
        double[] odom = {0, 0, 0};
        for (double[] corner : CORNERS) {
            while (Math.hypot(corner[0] - odom[0], corner[1] - odom[1]) > REACHED) {
                double dx = corner[0] - odom[0];
                double dy = corner[1] - odom[1];
                double off = Math.atan2(dy, dx) - odom[2];
                off = Math.atan2(Math.sin(off), Math.cos(off)); // the heading error, in [-pi, pi]
                double turn = Math.max(-0.5, Math.min(0.5, off)); // rad/s; faster turns slip the wheels
                double speed = Math.abs(off) > 0.3 ? 0 : Math.min(0.5, 0.5 * Math.hypot(dx, dy)); // turn first
                odom = odometry(call("step", String.format(Locale.ROOT, BODY, speed, turn)));
                path.add(odom);
                if (path.size() > 200) {
                    throw new IllegalStateException("still driving after 200 s; the last odometry: " + odom[0]
                            + " " + odom[1]);
                }
            }
        }
        path.add(odometry(call("step", String.format(Locale.ROOT, BODY, 0.0, 0.0)))); // stop
        call("release", "");
        socket.sendClose(WebSocket.NORMAL_CLOSURE, "done").get(10, TimeUnit.SECONDS);
        return path;
    }

    /** Sends one request and waits for its answer; an error answer is thrown. */
    private String call(String op, String fields) throws Exception {
        String request = "{\"op\":\"" + op + "\",\"id\":" + ++id + fields + "}";
        socket.sendText(request, true).get(10, TimeUnit.SECONDS);
        String answer = answers.poll(60, TimeUnit.SECONDS);
        if (answer == null || answer.startsWith("{\"op\":\"error\"")) {
            throw new IllegalStateException(request + " answered " + answer);
        }
        return answer;
    }

    /** x, y and yaw of the odometry in a step's answer. */
    private static double[] odometry(String answer) {
        Matcher m = POSE.matcher(answer);
        if (!m.find()) {
            throw new IllegalStateException("no odometry in " + answer);
        }
        double qz = Double.parseDouble(m.group(5));
        double qw = Double.parseDouble(m.group(6));
        return new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)), 2 * Math.atan2(qz, qw)};
    }
}
