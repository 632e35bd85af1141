package io.orrery.world.sdf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.jdom2.Document;
import org.jdom2.located.LocatedElement;
import org.junit.jupiter.api.Test;

class SecureXmlTests {

    static Document parse(String xml) {
        return SecureXml.parse(xml.getBytes(StandardCharsets.UTF_8), "test", SecureXml.DEFAULT_MAX_BYTES);
    }

    @Test
    void doubleHyphensInCommentsAreToleratedKeepingPositions() {
        Document document = parse("""
                <!-- gz service --reqtype gz.msgs.Pose --->
                <sdf version="1.9">
                  <![CDATA[ <!-- -- stays as written --> ]]>
                  <world name="w"/>
                </sdf>
                """);
        LocatedElement world = (LocatedElement) document.getRootElement().getChild("world");
        assertThat(world.getLine()).isEqualTo(4);
        assertThat(world.getColumn()).isEqualTo(20);
        assertThat(document.getRootElement().getText()).contains("<!-- -- stays as written -->");
    }

    @Test
    void relaxingLeavesDocumentsWithoutCommentsUntouched() {
        byte[] plain = "<sdf version='1.9'><world name='a-b--c'/></sdf>".getBytes(StandardCharsets.UTF_8);
        assertThat(SecureXml.relaxComments(plain)).isSameAs(plain);
    }

    @Test
    void undeclaredPrefixesKeepTheirQualifiedName() {
        Document document = parse("<plugin><gz:system_priority>3</gz:system_priority><a xmlns:q='urn:q'>"
                + "<q:b q:c='1'/></a></plugin>");
        var priority = document.getRootElement().getChildren().get(0);
        assertThat(priority.getQualifiedName()).isEqualTo("gz:system_priority");
        assertThat(priority.getName()).isEqualTo("system_priority");
        var b = document.getRootElement().getChildren().get(1).getChildren().get(0);
        assertThat(b.getNamespaceURI()).isEqualTo("urn:q");
        assertThat(b.getAttribute("c", b.getNamespace()).getValue()).isEqualTo("1");
    }

    @Test
    void externalEntitiesAndDtdsAreRefused() {
        assertThatThrownBy(() -> parse("<!DOCTYPE sdf SYSTEM \"http://example.invalid/sdf.dtd\"><sdf/>"))
                .isInstanceOf(SdfException.class)
                .hasMessageContaining("DOCTYPE is not allowed");
    }

    @Test
    void namesJdomRefusesAreLocatedSdfErrors() {
        // found by fuzzing: a namespace-unaware parser accepts these names ("a:" has an empty local name), jdom2 does
        // not
        assertThatThrownBy(() -> parse("<sdf>\n  <a:/></sdf>"))
                .isInstanceOfSatisfying(SdfException.class, e -> {
                    assertThat(e.line()).isEqualTo(2);
                    assertThat(e.column()).isPositive();
                })
                .hasMessageContaining("XML names cannot be empty");
        // and a prefixed attribute whose local name starts with a digit: modelSnippets/crash-21f6be85... in the corpus
    }

    @Test
    void aProblemTheParserCannotPlaceIsAtLineAndColumnZero() {
        // found by fuzzing: "\0\0<\0\0\0\0" reads as UCS-4 in a byte order the JDK does not support, at -1:-1
        assertThatThrownBy(() -> SecureXml.parse(new byte[] {0, 0, '<', 0, 0, 0, 0}, "spawn", 1024))
                .isInstanceOfSatisfying(SdfException.class, e -> {
                    assertThat(e.line()).isZero();
                    assertThat(e.column()).isZero();
                })
                .hasMessageContaining("ISO-10646-UCS-4");
    }

    @Test
    void aColumnTheParserGetsWrongIsZero() {
        // found by fuzzing: after a run of lone CRs the parser's columns go below 0
        String world = "<sdf version='1.9'><world name='w'><model name='m'><link name='l'>\n"
                + "\r".repeat(100) + "        <collision name='c'><geometry><plane><normal>0 0 0</normal></plane>"
                + "</geometry></collision></link></model></world></sdf>";
        assertThatThrownBy(() -> new SdfReader(java.util.List.of())
                        .read(java.nio.file.Path.of("w.sdf"), world.getBytes(StandardCharsets.UTF_8)))
                .isInstanceOfSatisfying(SdfException.class, e -> {
                    assertThat(e.line()).isNotNegative();
                    assertThat(e.column()).isNotNegative();
                    assertThat(e.getMessage()).doesNotContain(":-");
                })
                .hasMessageContaining("zero vector");
    }
}
