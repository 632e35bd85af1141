package io.orrery.device.camera;

import io.orrery.world.WorldSpec;
import java.io.IOException;
import java.io.StringReader;
import java.util.OptionalDouble;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

/**
 * The world's {@code <atmosphere><temperature>} (kelvin), which gz-sim gives thermal cameras as their ambient. The
 * world model does not keep {@code <atmosphere>} (nothing else reads it), so it is read from the world's own text,
 * which the reader has already parsed and checked.
 */
final class Atmospheres {

    private Atmospheres() {}

    /** The temperature the world's file gives, if it gives one; a value that is not a positive number is refused. */
    static OptionalDouble temperature(WorldSpec world) {
        String text = world.document().text();
        if (text == null || text.isBlank() || !text.contains("atmosphere")) {
            return OptionalDouble.empty();
        }
        Element root;
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            root = factory.newDocumentBuilder()
                    .parse(new InputSource(new StringReader(text)))
                    .getDocumentElement();
        } catch (ParserConfigurationException | SAXException | IOException e) {
            return OptionalDouble.empty(); // the reader accepted it; nothing here to add to its verdict
        }
        Element w = child(root, "world");
        Element atmosphere = w == null ? null : child(w, "atmosphere");
        Element temperature = atmosphere == null ? null : child(atmosphere, "temperature");
        if (temperature == null) {
            return OptionalDouble.empty();
        }
        String value = temperature.getTextContent().strip();
        double kelvin;
        try {
            kelvin = Double.parseDouble(value);
        } catch (NumberFormatException e) {
            kelvin = Double.NaN;
        }
        if (!(kelvin > 0) || Double.isInfinite(kelvin)) {
            throw new IllegalArgumentException("world '" + world.name()
                    + "': <atmosphere><temperature> must be a positive number of kelvin, got '" + value + "'");
        }
        return OptionalDouble.of(kelvin);
    }

    private static Element child(Element parent, String name) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                return e;
            }
        }
        return null;
    }
}
