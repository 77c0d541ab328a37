package dev.reviewgate.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.diff.model.Diff;
import dev.reviewgate.diff.parse.DiffParser;
import dev.reviewgate.diff.render.SideBySideRenderer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** git's "\ No newline at end of file" is shown in side-by-side too, on the side and under the line it belongs to. */
class SideBySideNoNewlineTest {

  private static String render(String diff) {
    Diff parsed = new DiffParser(1 << 20).parse(diff.getBytes(StandardCharsets.UTF_8));
    return SideBySideRenderer.render(parsed.files(), 100);
  }

  @Test
  void theMarkerFollowsTheOldLineTheNewLineOrAContextLine() {
    String newSideOnly = "diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n keep\n-last\n+last changed\n"
      + "\\ No newline at end of file\n";
    List<String> rows = render(newSideOnly).lines().toList();
    int changed = rows.indexOf(rows.stream().filter(r -> r.contains("last changed")).findFirst().orElseThrow());
    String marker = rows.get(changed + 1);
    assertThat(marker).contains("\\ No newline at end of file");
    assertThat(marker.indexOf("\\ No newline")).as("on the new side").isGreaterThan(marker.indexOf('|'));

    String oldSideOnly = "diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n keep\n-last\n\\ No newline at end of file\n"
      + "+last\n";
    String oldMarker = render(oldSideOnly).lines().filter(r -> r.contains("No newline")).findFirst().orElseThrow();
    assertThat(oldMarker.indexOf("\\ No newline")).as("on the old side").isLessThan(oldMarker.indexOf('|'));
    assertThat(oldMarker.indexOf("\\ No newline")).isEqualTo(oldMarker.lastIndexOf("\\ No newline"));

    String context = "diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n-first\n+first changed\n same end\n"
      + "\\ No newline at end of file\n";
    String both = render(context).lines().filter(r -> r.contains("No newline")).findFirst().orElseThrow();
    assertThat(both.indexOf("\\ No newline")).isNotEqualTo(both.lastIndexOf("\\ No newline"));
  }
}
