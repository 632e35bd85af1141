package io.orrery;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One Markdown page of the repository, split as a reader sees it: its links (outside code), its code (fenced
 * blocks and inline spans, each with its line) and its headings' anchors as GitHub makes them.
 */
final class MarkdownPage {

    private static final Pattern FENCE = Pattern.compile("^\\s*```");
    private static final Pattern INLINE_CODE = Pattern.compile("`([^`]+)`");
    private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*\\]\\(([^)\\s]+)\\)");
    private static final Pattern HEADING = Pattern.compile("^#{1,6} (.+)$");

    /** A link target or a piece of code, with the line of the page it starts on. */
    record Located(int line, String text) {}

    final Path file;
    final List<Located> links = new ArrayList<>();
    final List<Located> code = new ArrayList<>();
    final Set<String> anchors = new LinkedHashSet<>();

    private MarkdownPage(Path file) {
        this.file = file;
    }

    static MarkdownPage read(Path file) throws IOException {
        MarkdownPage page = new MarkdownPage(file);
        List<String> lines = Files.readAllLines(file);
        StringBuilder block = null;
        int blockLine = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (FENCE.matcher(line).find()) {
                if (block == null) {
                    block = new StringBuilder();
                    blockLine = i + 2;
                } else {
                    page.code.add(new Located(blockLine, block.toString()));
                    block = null;
                }
                continue;
            }
            if (block != null) {
                block.append(line).append('\n');
                continue;
            }
            Matcher heading = HEADING.matcher(line);
            if (heading.matches()) {
                page.addAnchor(heading.group(1));
            }
            Matcher inline = INLINE_CODE.matcher(line);
            while (inline.find()) {
                page.code.add(new Located(i + 1, inline.group(1)));
            }
            Matcher link = LINK.matcher(INLINE_CODE.matcher(line).replaceAll(""));
            while (link.find()) {
                page.links.add(new Located(i + 1, link.group(1)));
            }
        }
        // An inline span may run across a line break: join each paragraph's lines and look again.
        for (String paragraph : String.join("\n", lines).split("\n\\s*\n")) {
            if (!paragraph.contains("```")) {
                Matcher inline = INLINE_CODE.matcher(paragraph);
                while (inline.find()) {
                    if (inline.group(1).contains("\n")) {
                        page.code.add(new Located(
                                lineOf(lines, paragraph), inline.group(1).replaceAll("\\s+", " ")));
                    }
                }
            }
        }
        return page;
    }

    /** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
    private void addAnchor(String heading) {
        String slug = heading.toLowerCase(Locale.ROOT)
                .replaceAll("[^\\p{L}\\p{N} _-]", "")
                .replace(' ', '-');
        String anchor = slug;
        for (int n = 1; anchors.contains(anchor); n++) {
            anchor = slug + "-" + n;
        }
        anchors.add(anchor);
    }

    private static int lineOf(List<String> lines, String paragraph) {
        String first = paragraph.strip().lines().findFirst().orElse("").strip();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).strip().equals(first)) {
                return i + 1;
            }
        }
        return 1;
    }
}
