package io.orrery.world.sdf;

import static io.orrery.world.sdf.Values.fail;
import static io.orrery.world.sdf.Values.text;

import io.orrery.world.VisualSpec;
import org.jdom2.Element;

/**
 * Checks Gazebo's {@code thermal} system ({@code <plugin filename="gz-sim-thermal-system"
 * name="gz::sim::systems::Thermal">}) where a visual or model declares it: it needs a {@code <temperature>} in kelvin
 * or a {@code <heat_signature>} texture (with optional {@code <min_temp>} and {@code <max_temp>}). Gazebo logs and
 * ignores a plugin with neither; Orrery refuses the world at the plugin's line instead, as it does any malformed value,
 * so the mistake is not found only when a thermal camera reads the ambient where a warm body should be.
 */
final class ThermalPlugin {

    private ThermalPlugin() {}

    /** Refuses the thermal system's plugin when it gives neither a temperature nor a heat signature, or a bad number. */
    static void check(Element plugin, String where) {
        String filename = plugin.getAttributeValue("filename", "").strip();
        String name = plugin.getAttributeValue("name", "").strip();
        if (!VisualSpec.isThermalSystem(filename, name)) {
            return;
        }
        String pluginWhere = where + " plugin '" + name + "'";
        Element temperature = plugin.getChild("temperature");
        Element signature = plugin.getChild("heat_signature");
        if (temperature == null && signature == null) {
            throw fail(plugin, pluginWhere, "the thermal system needs a <temperature> (kelvin) or a <heat_signature>");
        }
        if (signature != null && text(signature).isEmpty()) {
            throw fail(signature, pluginWhere, "<heat_signature> must name a texture file");
        }
        for (String tag : new String[] {"temperature", "min_temp", "max_temp"}) {
            Element e = plugin.getChild(tag);
            if (e != null) {
                double value;
                try {
                    value = Double.parseDouble(text(e));
                } catch (NumberFormatException ex) {
                    value = Double.NaN;
                }
                if (!Double.isFinite(value)) {
                    throw fail(e, pluginWhere, "<" + tag + "> must be a number of kelvin, got '" + text(e) + "'");
                }
            }
        }
    }
}
