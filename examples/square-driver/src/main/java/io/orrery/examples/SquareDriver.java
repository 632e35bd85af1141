package io.orrery.examples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
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

/**
 * Drives vehicle_blue of Gazebo's diff_drive.sdf around a 2 m square over Orrery's control WebSocket. Each call
 * publishes a velocity command, runs 1 s of simulation (1000 steps) and reads the odometry published at its end
 * (1 Hz in this world); a proportional controller heads for each corner in turn. Needs the JDK and Jackson
 * (jackson-databind) for the JSON.
 */
public final class SquareDriver {

    static final double[][] CORNERS = {{2, 0}, {2, 2}, {0, 2}, {0, 0}}; // odometry frame: the start is 0 0, yaw 0
    static final double REACHED = 0.15; // m: near enough to a corner to head for the next one
    static final String CMD_VEL = "/model/vehicle_blue/cmd_vel";
    static final String ODOMETRY = "/model/vehicle_blue/odometry";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final BlockingQueue<String> answers = new LinkedBlockingQueue<>();
    private final WebSocket socket;
    private int id;

    public static void main(String[] args) throws Exception {
        SquareDriver driver =
                new SquareDriver(URI.create(args.length > 0 ? args[0] : "ws://localhost:8080/api/control"));
        for (double[] p : driver.drive()) {
            System.out.printf(Locale.ROOT, "x %6.3f  y %6.3f  yaw %6.3f%n", p[0], p[1], p[2]);
        }
    }

    public SquareDriver(URI uri) throws Exception {
        socket = HttpClient.newHttpClient()
                .newWebSocketBuilder()
                .buildAsync(uri, new WebSocket.Listener() {
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
                })
                .get(10, TimeUnit.SECONDS);
    }

    /** Drives the square from a reset and stops; the odometry (x, y, yaw) after each second. */
    public List<double[]> drive() throws Exception {
        call(request("acquire"));
        call(request("reset"));
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
                odom = odometry(call(step(speed, turn)));
                path.add(odom);
                if (path.size() > 200) {
                    throw new IllegalStateException(
                            "still driving after 200 s; the last odometry: " + odom[0] + " " + odom[1]);
                }
            }
        }
        path.add(odometry(call(step(0, 0)))); // stop
        call(request("release"));
        socket.sendClose(WebSocket.NORMAL_CLOSURE, "done").get(10, TimeUnit.SECONDS);
        return path;
    }

    /**
     * {"op":"step","id":n,"count":1000,"publish":{CMD_VEL:{"linear":{"x":speed},"angular":{"z":turn}}},
     * "observe":[ODOMETRY]}: the command, one second of simulation, and the odometry at its end.
     */
    private ObjectNode step(double speed, double turn) {
        ObjectNode step = request("step");
        step.put("count", 1000);
        ObjectNode twist = step.putObject("publish").putObject(CMD_VEL);
        twist.putObject("linear").put("x", speed);
        twist.putObject("angular").put("z", turn);
        step.putArray("observe").add(ODOMETRY);
        return step;
    }

    private ObjectNode request(String op) {
        return JSON.createObjectNode().put("op", op).put("id", ++id);
    }

    /** Sends one request and waits for its answer; an error answer is thrown. */
    private JsonNode call(ObjectNode request) throws Exception {
        socket.sendText(JSON.writeValueAsString(request), true).get(10, TimeUnit.SECONDS);
        String text = answers.poll(60, TimeUnit.SECONDS);
        if (text == null) {
            throw new IllegalStateException(request + " got no answer in 60 s");
        }
        JsonNode answer = parse(text);
        if ("error".equals(answer.path("op").asText())) {
            throw new IllegalStateException(
                    request + " answered " + answer.path("status").asInt() + ": "
                            + answer.path("detail").asText());
        }
        return answer;
    }

    private static JsonNode parse(String text) {
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new IllegalStateException("the server answered with something that is not JSON: " + text, e);
        }
    }

    /** x, y and yaw of the odometry (gz.msgs.Odometry) observed at the end of a step. */
    static double[] odometry(JsonNode answer) {
        JsonNode pose =
                answer.path("observations").path(ODOMETRY).path("message").path("pose");
        if (pose.isMissingNode()) {
            throw new IllegalStateException("no odometry in " + answer);
        }
        JsonNode q = pose.path("orientation");
        // proto3's JSON leaves out fields at 0, which path(...).asDouble() reads as 0
        return new double[] {
            pose.path("position").path("x").asDouble(),
            pose.path("position").path("y").asDouble(),
            2 * Math.atan2(q.path("z").asDouble(), q.path("w").asDouble())
        };
    }
}
