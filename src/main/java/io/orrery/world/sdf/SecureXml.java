package io.orrery.world.sdf;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import javax.xml.XMLConstants;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParserFactory;
import org.jdom2.Document;
import org.jdom2.JDOMException;
import org.jdom2.input.JDOMParseException;
import org.jdom2.input.SAXBuilder;
import org.jdom2.input.sax.XMLReaderJDOMFactory;
import org.jdom2.located.LocatedJDOMFactory;
import org.xml.sax.SAXException;
import org.xml.sax.XMLReader;

/**
 * The hardened XML parser behind the SDF reader: no DTDs (so no entities, external or expanding), bounds on size
 * and element depth, undeclared namespace prefixes tolerated, and every element located (line and column) for
 * messages.
 */
final class SecureXml {

    /** The default bound on a document's size: 64 MiB. */
    static final long DEFAULT_MAX_BYTES = SdfLimits.DEFAULT.maxBytes();

    /** The document property that holds the source name, for messages. */
    static final String SOURCE = "orrery.source";

    private SecureXml() {}

    /** Parses {@code bytes} within the default limits, with this size bound. */
    static Document parse(byte[] bytes, String source, long maxBytes) {
        return parse(bytes, source, SdfLimits.DEFAULT.withMaxBytes(maxBytes));
    }

    /** Parses {@code bytes} into a located jdom2 document; every failure is an {@link SdfException}. */
    static Document parse(byte[] bytes, String source, SdfLimits limits) {
        checkSize(bytes.length, source, limits.maxBytes());
        SAXBuilder builder = new SAXBuilder(new HardenedReaders(limits.maxDepth()), null, new LocatedJDOMFactory());
        builder.setExpandEntities(false);
        builder.setEntityResolver((publicId, systemId) -> {
            throw new SAXException("external entities are not allowed: " + systemId);
        });
        try {
            Document document = builder.build(new ByteArrayInputStream(relaxComments(bytes)));
            document.setProperty(SOURCE, source);
            return document;
        } catch (JDOMParseException e) {
            // the parser reports -1 where it knows no place (an unsupported encoding, its own internal errors):
            // SdfException's "whole file", 0
            throw new SdfException(
                    source, Math.max(0, e.getLineNumber()), Math.max(0, e.getColumnNumber()), parseProblem(e), e);
        } catch (JDOMException | IOException | IllegalArgumentException | IllegalStateException e) {
            // the last two: jdom2 refusing a name or a namespace outside an element the filter could locate
            throw new SdfException(source, 0, 0, "cannot parse XML: " + e.getMessage(), e);
        }
    }

    /**
     * The document with every '-' inside comments turned into a space. XML forbids "--" within a comment, but
     * Gazebo's parser accepts it and real worlds have it (shell examples such as "--reqtype" in comments).
     * Comments are dropped anyway, and the length is kept so lines and columns stay right. CDATA sections and
     * processing instructions are skipped; '<' cannot start anything else in XML text or attribute values.
     */
    static byte[] relaxComments(byte[] bytes) {
        byte[] out = null;
        int i = 0;
        while (i < bytes.length) {
            if (bytes[i] != '<') {
                i++;
            } else if (startsWith(bytes, i, "<![CDATA[")) {
                i = indexOf(bytes, i + 9, "]]>");
            } else if (startsWith(bytes, i, "<?")) {
                i = indexOf(bytes, i + 2, "?>");
            } else if (startsWith(bytes, i, "<!--")) {
                int end = indexOf(bytes, i + 4, "-->");
                // the comment's end "-->" is the first "--" followed by '>'; the body is everything before it
                int bodyEnd = Math.min(end, bytes.length) - 3;
                for (int k = i + 4; k < bodyEnd; k++) {
                    if (bytes[k] == '-') {
                        if (out == null) {
                            out = bytes.clone();
                        }
                        out[k] = ' ';
                    }
                }
                i = end;
            } else {
                i++;
            }
        }
        return out == null ? bytes : out;
    }

    private static boolean startsWith(byte[] bytes, int at, String ascii) {
        if (at + ascii.length() > bytes.length) {
            return false;
        }
        for (int k = 0; k < ascii.length(); k++) {
            if (bytes[at + k] != ascii.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    /** The index just after the next {@code ascii} from {@code from}, or the end of the input. */
    private static int indexOf(byte[] bytes, int from, String ascii) {
        for (int k = from; k < bytes.length; k++) {
            if (startsWith(bytes, k, ascii)) {
                return k + ascii.length();
            }
        }
        return bytes.length;
    }

    static void checkSize(long size, String source, long maxBytes) {
        if (size > maxBytes) {
            throw new SdfException(
                    source,
                    0,
                    0,
                    "document is " + size + " bytes, more than the limit of " + maxBytes + " bytes ("
                            + (maxBytes / (1024 * 1024)) + " MiB)");
        }
    }

    private static String parseProblem(JDOMParseException e) {
        String message = e.getCause() != null && e.getCause().getMessage() != null
                ? e.getCause().getMessage()
                : e.getMessage();
        if (e.getCause() instanceof LenientNamespaceFilter.TooDeep) {
            return message;
        }
        if (message.contains("DOCTYPE")) {
            return "a DOCTYPE is not allowed: SDF documents must not declare a DTD or entities";
        }
        return "malformed XML: " + message;
    }

    /** Namespace-unaware JDK parsers with DTDs and external entities off, behind the lenient namespace filter. */
    private static final class HardenedReaders implements XMLReaderJDOMFactory {

        private final int maxDepth;

        HardenedReaders(int maxDepth) {
            this.maxDepth = maxDepth;
        }

        @Override
        public XMLReader createXMLReader() throws JDOMException {
            try {
                // the JDK's own parser, whatever else is on the class path: its feature names are known
                SAXParserFactory factory = SAXParserFactory.newDefaultInstance();
                factory.setNamespaceAware(false);
                factory.setValidating(false);
                factory.setXIncludeAware(false);
                factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
                factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
                factory.setFeature("http://xml.org/sax/features/external-general-entities", false);
                factory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
                factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
                LenientNamespaceFilter filter = new LenientNamespaceFilter(maxDepth);
                filter.setParent(factory.newSAXParser().getXMLReader());
                return filter;
            } catch (ParserConfigurationException | SAXException e) {
                throw new JDOMException("cannot create a hardened XML parser", e);
            }
        }

        @Override
        public boolean isValidating() {
            return false;
        }
    }
}
