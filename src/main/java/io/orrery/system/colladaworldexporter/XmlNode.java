package io.orrery.system.colladaworldexporter;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * An element to write: a name, attributes in order, children or text. Written with the JDK's StAX writer, which
 * escapes what it must; reading XML stays the SDF reader's (ArchitectureTests).
 */
final class XmlNode {

    private final String name;
    private final Map<String, String> attributes = new LinkedHashMap<>();
    private final List<XmlNode> children = new ArrayList<>();
    private String text = "";

    XmlNode(String name) {
        this.name = name;
    }

    XmlNode setAttribute(String key, String value) {
        attributes.put(key, value);
        return this;
    }

    XmlNode addContent(XmlNode child) {
        children.add(child);
        return this;
    }

    XmlNode setText(String value) {
        text = value;
        return this;
    }

    /** The document with this node as its root, in {@code namespace} (the default namespace), as UTF-8. */
    void writeDocument(OutputStream out, String namespace) throws XMLStreamException {
        XMLStreamWriter w = XMLOutputFactory.newFactory().createXMLStreamWriter(out, StandardCharsets.UTF_8.name());
        try {
            w.writeStartDocument(StandardCharsets.UTF_8.name(), "1.0");
            w.writeCharacters("\n");
            w.setDefaultNamespace(namespace);
            w.writeStartElement(name);
            w.writeDefaultNamespace(namespace);
            writeBody(w);
            w.writeEndElement();
            w.writeEndDocument();
            w.writeCharacters("\n");
            w.flush();
        } finally {
            w.close();
        }
    }

    private void write(XMLStreamWriter w) throws XMLStreamException {
        w.writeStartElement(name);
        writeBody(w);
        w.writeEndElement();
    }

    private void writeBody(XMLStreamWriter w) throws XMLStreamException {
        for (Map.Entry<String, String> a : attributes.entrySet()) {
            w.writeAttribute(a.getKey(), a.getValue());
        }
        if (!text.isEmpty()) {
            w.writeCharacters(text);
        }
        for (XmlNode child : children) {
            child.write(w);
        }
    }
}
