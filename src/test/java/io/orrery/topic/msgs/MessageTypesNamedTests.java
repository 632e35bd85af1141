package io.orrery.topic.msgs;

import static org.assertj.core.api.Assertions.assertThat;

import com.gz.msgs.BoolProtos;
import com.gz.msgs.Int32VProtos;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Gazebo's type names ({@code gz.msgs.X}, as world files write them) find the generated classes. */
class MessageTypesNamedTests {

    private static final Pattern MESSAGE = Pattern.compile("(?m)^message\\s+(\\w+)");

    @Test
    void everyTopLevelMessageOfTheVendoredProtosIsFoundByItsName() throws IOException {
        List<String> names;
        try (Stream<Path> files = Files.list(Path.of("src/main/proto/gz/msgs"))) {
            names = files.filter(f -> f.toString().endsWith(".proto"))
                    .flatMap(f -> {
                        try {
                            Matcher m = MESSAGE.matcher(Files.readString(f));
                            return m.results().map(r -> "gz.msgs." + r.group(1)).toList().stream();
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    })
                    .toList();
        }
        assertThat(names).hasSizeGreaterThan(80);
        for (String name : names) {
            assertThat(MessageTypes.named(name))
                    .as(name)
                    .hasValueSatisfying(t -> assertThat(MessageTypes.nameOf(t)).isEqualTo(name));
        }
    }

    @Test
    void theOlderPrefixAndTheExceptionsToTheNamingRule() {
        assertThat(MessageTypes.named("ignition.msgs.Boolean")).contains(BoolProtos.Boolean.class);
        assertThat(MessageTypes.named("gz.msgs.Int32_V")).contains(Int32VProtos.Int32_V.class);
    }

    @Test
    void namesOfNoMessageFindNothing() {
        assertThat(MessageTypes.named("gz.msgs.NonExtentType")).isEmpty();
        assertThat(MessageTypes.named("gz.msgs.Header$Map")).isEmpty();
        assertThat(MessageTypes.named("Boolean")).isEmpty();
        assertThat(MessageTypes.named("gz.msgs.")).isEmpty();
    }
}
