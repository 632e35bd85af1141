package io.orrery.world.sdf;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import javax.xml.XMLConstants;
import org.xml.sax.Attributes;
import org.xml.sax.Locator;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.AttributesImpl;
import org.xml.sax.helpers.XMLFilterImpl;

/**
 * Namespace processing on top of a namespace-unaware SAX parser, tolerant of undeclared prefixes: real SDF files
 * write {@code <gz:system_priority>} without declaring {@code gz}, which a namespace-aware parser rejects. A
 * declared prefix gets its URI; an undeclared one gets {@link #undeclaredUri(String)}, so the element keeps its
 * qualified name.
 *
 * <p>SDF files read by Gazebo's parser may also name an element with a C++-style {@code ::}, as Gazebo's own
 * {@code sensors.sdf} does ({@code <gz::system_priority>}); no XML name can hold that, so such a name is carried
 * in no namespace with {@code ::} escaped as {@link #DOUBLE_COLON} (a legal name character), and
 * {@link #unescape(String)} gives it back to readers and the writer.
 */
final class LenientNamespaceFilter extends XMLFilterImpl {

    private static final String UNDECLARED = "urn:orrery:undeclared-prefix:";

    /** What {@code ::} in an element name becomes: two middle dots, legal in XML names, unused in SDF. */
    static final String DOUBLE_COLON = "\u00b7\u00b7";

    /** An element name as the file wrote it: {@link #DOUBLE_COLON} back to {@code ::}. */
    static String unescape(String name) {
        return name.replace(DOUBLE_COLON, "::");
    }

    /** Prefix declarations of each open element, innermost first. */
    private final Deque<Map<String, String>> scopes = new ArrayDeque<>();

    private final int maxDepth;
    private Locator locator;

    /** @param maxDepth the deepest element nesting accepted; deeper is a parse error at that element */
    LenientNamespaceFilter(int maxDepth) {
        this.maxDepth = maxDepth;
    }

    /** Elements nest deeper than the limit (readers further on recurse over the tree). */
    static final class TooDeep extends SAXParseException {

        private static final long serialVersionUID = 1L;

        TooDeep(String message, Locator locator) {
            super(message, locator);
        }
    }

    static String undeclaredUri(String prefix) {
        return UNDECLARED + prefix;
    }

    @Override
    public void setDocumentLocator(Locator locator) {
        this.locator = locator;
        super.setDocumentLocator(locator);
    }

    @Override
    public void startDocument() throws SAXException {
        scopes.clear();
        super.startDocument();
    }

    @Override
    public void startElement(String uri, String localName, String qName, Attributes atts) throws SAXException {
        if (scopes.size() >= maxDepth) {
            throw new TooDeep(
                    "<" + qName + "> nests elements deeper than " + maxDepth
                            + " levels; the limit is orrery.sdf.max-depth",
                    locator);
        }
        Map<String, String> declared = new HashMap<>();
        for (int i = 0; i < atts.getLength(); i++) {
            String name = atts.getQName(i);
            if (name.equals("xmlns")) {
                declared.put("", atts.getValue(i));
            } else if (name.startsWith("xmlns:")) {
                declared.put(name.substring(6), atts.getValue(i));
            }
        }
        scopes.push(declared);
        for (Map.Entry<String, String> d : declared.entrySet()) {
            super.startPrefixMapping(d.getKey(), d.getValue());
        }
        AttributesImpl resolved = new AttributesImpl();
        for (int i = 0; i < atts.getLength(); i++) {
            String name = atts.getQName(i);
            if (name.equals("xmlns") || name.startsWith("xmlns:")) {
                continue;
            }
            int colon = name.indexOf(':');
            // unprefixed attributes are in no namespace, whatever the default namespace
            String attUri = colon > 0 ? resolve(name.substring(0, colon)) : "";
            resolved.addAttribute(attUri, name.substring(colon + 1), name, atts.getType(i), atts.getValue(i));
        }
        String name = escape(qName);
        try {
            super.startElement(elementUri(name), localName(name), name, resolved);
        } catch (IllegalArgumentException e) {
            // jdom2 refuses names a namespace-unaware parser lets through ("<:a>", "p:2x"): an error at this element
            throw new SAXParseException(e.getMessage(), locator, e);
        }
    }

    @Override
    public void endElement(String uri, String localName, String qName) throws SAXException {
        String name = escape(qName);
        super.endElement(elementUri(name), localName(name), name);
        Map<String, String> declared = scopes.pop();
        for (String prefix : declared.keySet()) {
            super.endPrefixMapping(prefix);
        }
    }

    private static String escape(String qName) {
        return qName.contains("::") ? qName.replace("::", DOUBLE_COLON) : qName;
    }

    private String elementUri(String qName) {
        int colon = qName.indexOf(':');
        return resolve(colon > 0 ? qName.substring(0, colon) : "");
    }

    private static String localName(String qName) {
        return qName.substring(qName.indexOf(':') + 1);
    }

    private String resolve(String prefix) {
        if (prefix.equals("xml")) {
            return XMLConstants.XML_NS_URI;
        }
        for (Map<String, String> scope : scopes) {
            String uri = scope.get(prefix);
            if (uri != null) {
                return uri;
            }
        }
        return prefix.isEmpty() ? "" : undeclaredUri(prefix);
    }
}
