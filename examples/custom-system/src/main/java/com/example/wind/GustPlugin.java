package com.example.wind;

import io.orrery.plugin.OrreryPlugin;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginCommand;
import io.orrery.plugin.PluginContext;
import io.orrery.world.Vec3;
import java.util.Map;

/**
 * A plugin that lets a user change the wind while the world runs: {@code <plugin name="gusts"
 * filename="example-gusts"/>} in a world gives {@code POST /api/plugins/gusts/commands/set} with
 * {@code {"x": "3", "y": "0", "z": "0"}}. One object per {@code <plugin>} element (the bean is prototype-scoped), with
 * the wind system injected by Spring.
 */
@OrreryPlugin(filename = "example-gusts")
public class GustPlugin implements Plugin {

    private final WindSystem wind;

    public GustPlugin(WindSystem wind) {
        this.wind = wind;
    }

    @Override
    public void awake(PluginContext context) {}

    @Override
    public void start(PluginContext context) {}

    @Override
    public Map<String, PluginCommand> commands() {
        return Map.of("set", arguments -> {
            Vec3 velocity = new Vec3(number(arguments, "x"), number(arguments, "y"), number(arguments, "z"));
            wind.setWind(velocity);
            return Map.of("wind", velocity);
        });
    }

    private static double number(Map<String, String> arguments, String axis) {
        String text = arguments.getOrDefault(axis, "0");
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(axis + " must be a number (m/s), got '" + text + "'");
        }
    }
}
