package io.orrery.system.comms;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.InvalidProtocolBufferException;
import com.gz.msgs.DataframeProtos.Dataframe;
import com.gz.msgs.StringMsgProtos.StringMsg;
import java.nio.file.Path;

/** Dataframes as gz-sim's comms tests build them: a serialized {@code gz.msgs.StringMsg} as the payload. */
public final class CommsFrames {

    private CommsFrames() {}

    /** One of gz-sim's example worlds vendored in {@code worlds/gz-sim-examples}; fails when it is missing. */
    public static Path example(String file) {
        Path world = Path.of("src/test/resources/worlds/gz-sim-examples", file);
        assertThat(world).as("gz-sim's example world, vendored").exists();
        return world;
    }

    /** A message from {@code src} to {@code dst} carrying {@code text}. */
    public static Dataframe frame(String src, String dst, String text) {
        return Dataframe.newBuilder()
                .setSrcAddress(src)
                .setDstAddress(dst)
                .setData(StringMsg.newBuilder().setData(text).build().toByteString())
                .build();
    }

    /** The text a message carries. */
    public static String text(Dataframe frame) {
        try {
            return StringMsg.parseFrom(frame.getData()).getData();
        } catch (InvalidProtocolBufferException e) {
            throw new AssertionError("the payload is not a gz.msgs.StringMsg", e);
        }
    }
}
