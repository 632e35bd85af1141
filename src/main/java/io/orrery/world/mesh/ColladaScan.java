package io.orrery.world.mesh;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * A COLLADA file read as a stream of XML events before Assimp reads it: how deep its elements nest, every
 * {@code count} it declares, and its node hierarchy with the instances ({@link NodeGraph}). No DTD, no entities;
 * nothing is kept but the nodes. The images it names are not opened by the mesh library (and could not be: {@link
 * ConfinedFileIO}).
 */
final class ColladaScan {

    private static final XMLInputFactory XML = secureFactory();

    private ColladaScan() {}

    private static XMLInputFactory secureFactory() {
        XMLInputFactory f = XMLInputFactory.newFactory();
        f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        f.setProperty(XMLInputFactory.IS_REPLACING_ENTITY_REFERENCES, false);
        return f;
    }

    /** Throws naming the line when a bound is passed. */
    static void scan(Path file, long maxCount) {
        NodeGraph graph = new NodeGraph("COLLADA");
        Map<String, Integer> ids = new HashMap<>();
        List<Integer> instanceParents = new ArrayList<>();
        List<String> instanceTargets = new ArrayList<>();
        Deque<Integer> nodes = new ArrayDeque<>();
        int depth = 0;
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file))) {
            XMLStreamReader xml = XML.createXMLStreamReader(in);
            try {
                while (xml.hasNext()) {
                    int event = xml.next();
                    if (event == XMLStreamConstants.START_ELEMENT) {
                        if (++depth > MeshPreScan.MAX_XML_DEPTH) {
                            throw new MeshException("COLLADA elements nest more than " + MeshPreScan.MAX_XML_DEPTH
                                    + " deep at line " + xml.getLocation().getLineNumber()
                                    + ", the most Orrery reads (the mesh library reads them on a fixed stack)");
                        }
                        checkCount(xml, maxCount);
                        String name = xml.getLocalName();
                        if (name.equals("node")) {
                            int node = graph.add();
                            if (!nodes.isEmpty()) {
                                graph.link(nodes.peek(), node);
                            }
                            String id = xml.getAttributeValue(null, "id");
                            if (id != null) {
                                ids.putIfAbsent(id, node);
                            }
                            nodes.push(node);
                        } else if (name.equals("instance_node") && !nodes.isEmpty()) {
                            String url = xml.getAttributeValue(null, "url");
                            if (url != null && url.startsWith("#")) {
                                instanceParents.add(nodes.peek());
                                instanceTargets.add(url.substring(1));
                            }
                        }
                    } else if (event == XMLStreamConstants.END_ELEMENT) {
                        depth--;
                        String name = xml.getLocalName();
                        if (name.equals("node") && !nodes.isEmpty()) {
                            nodes.pop();
                        }
                    }
                }
            } finally {
                xml.close();
            }
        } catch (XMLStreamException e) {
            String message = e.getMessage() == null ? "" : e.getMessage();
            int at = message.indexOf("Message: ");
            throw new MeshException("malformed COLLADA XML"
                    + (e.getLocation() == null
                            ? ""
                            : " at line " + e.getLocation().getLineNumber() + ", column "
                                    + e.getLocation().getColumnNumber())
                    + ": " + (at >= 0 ? message.substring(at + "Message: ".length()) : message));
        } catch (IOException e) {
            throw new MeshException("cannot read the file: " + e);
        }
        for (int i = 0; i < instanceParents.size(); i++) {
            Integer target = ids.get(instanceTargets.get(i));
            if (target != null) {
                graph.link(instanceParents.get(i), target);
            }
        }
        graph.check("instance each other in a cycle, which the mesh library would follow for ever");
    }

    /** A {@code count} attribute (of an array, an accessor, a primitive) over the bound is refused before Assimp. */
    private static void checkCount(XMLStreamReader xml, long maxCount) {
        String count = xml.getAttributeValue(null, "count");
        if (count == null) {
            return;
        }
        long value;
        try {
            value = Long.parseLong(count.strip());
        } catch (NumberFormatException e) {
            return; // not a number: the mesh library refuses it
        }
        if (value > maxCount) {
            throw new MeshException("<" + xml.getLocalName() + " count=\"" + count.strip() + "\"> at line "
                    + xml.getLocation().getLineNumber() + " declares more than " + maxCount + " ("
                    + MeshPreScan.COUNT_PER_TRIANGLE + " times orrery.mesh.max-triangles), the most Orrery reads");
        }
    }
}
