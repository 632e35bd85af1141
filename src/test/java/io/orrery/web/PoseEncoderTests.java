package io.orrery.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.orrery.web.PoseStream.Frame;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The pose stream's frames as one client receives them: full first, then only the changed links as differences;
 * decoded here as the page decodes them (view3d.js applyPoses), the client always holds what the server last
 * sent, however many snapshots it skipped.
 */
class PoseEncoderTests {

    static final ObjectMapper JSON = new ObjectMapper();

    /** The page's side: the integers it holds per link. */
    static final class Page {
        int[] ints;
        String key;

        void apply(String json) throws Exception {
            JsonNode f = JSON.readTree(json);
            JsonNode p = f.get("p");
            if (f.get("full").asBoolean()) {
                ints = new int[p.size()];
                for (int i = 0; i < p.size(); i++) {
                    ints[i] = p.get(i).asInt();
                }
                key = f.get("k").asText();
                return;
            }
            assertThat(f.get("k").asText()).isEqualTo(key);
            assertThat(p.size() % 8).isZero();
            for (int j = 0, link = -1; j < p.size(); j += 8) {
                link += p.get(j).asInt() + 1;
                for (int k = 0; k < 7; k++) {
                    ints[link * 7 + k] += p.get(j + 1 + k).asInt();
                }
            }
        }
    }

    static int[] links(int... values) {
        return values;
    }

    @Test
    void theFirstFrameHoldsEveryLinkInOrderAndANewSceneIsFullAgain() throws Exception {
        PoseEncoder encoder = new PoseEncoder();
        int[] v = links(1000, -2000, 500, 0, 0, 0, 10000, 3, 4, 5, 0, 0, 7071, 7071);
        String json = encoder.next(new Frame("a1", 0.5, v));
        assertThat(json)
                .isEqualTo("{\"k\":\"a1\",\"t\":0.5,\"full\":true,\"p\":[1000,-2000,500,0,0,0,10000,3,4,5,0,0,"
                        + "7071,7071]}");
        assertThat(encoder.next(new Frame("b2", 0.6, v.clone()))).contains("\"full\":true");
    }

    @Test
    void nothingChangedIsNoFrameAndAChangeIsSentAsItsDifferences() throws Exception {
        PoseEncoder encoder = new PoseEncoder();
        int[] v = links(1000, -2000, 500, 0, 0, 0, 10000, 3, 4, 5, 0, 0, 7071, 7071, 9, 9, 9, 0, 0, 0, 10000);
        encoder.next(new Frame("a1", 0, v));
        assertThat(encoder.next(new Frame("a1", 0.1, v.clone()))).isNull();

        int[] moved = v.clone();
        moved[14 + 2] -= 35; // the third link fell 35 mm
        assertThat(encoder.next(new Frame("a1", 0.2, moved)))
                .isEqualTo("{\"k\":\"a1\",\"t\":0.2,\"full\":false,\"p\":[2,0,0,-35,0,0,0,0]}");
        int[] both = moved.clone();
        both[0] += 1;
        both[14] += 2;
        // first link gap 0 (index 0), the third link gap 1 (index 1 skipped)
        assertThat(encoder.next(new Frame("a1", 0.3, both)))
                .isEqualTo("{\"k\":\"a1\",\"t\":0.3,\"full\":false,\"p\":[0,1,0,0,0,0,0,0,1,2,0,0,0,0,0,0]}");
    }

    @Test
    void thePageHoldsTheLatestValuesHoweverManySnapshotsItSkipped() throws Exception {
        Random random = new Random(12);
        int links = 50;
        int[] v = new int[links * 7];
        PoseEncoder encoder = new PoseEncoder();
        Page page = new Page();
        page.apply(encoder.next(new Frame("k", 0, v.clone())));
        for (int step = 1; step <= 400; step++) {
            v = v.clone();
            for (int change = random.nextInt(5); change > 0; change--) {
                v[random.nextInt(v.length)] += random.nextInt(2001) - 1000;
            }
            if (random.nextInt(3) == 0) { // the client was busy: this snapshot is coalesced into the next frame
                continue;
            }
            String json = encoder.next(new Frame("k", step * 0.001, v));
            if (json != null) {
                page.apply(json);
            }
            assertThat(page.ints).as("after step %d", step).containsExactly(v);
        }
    }
}
