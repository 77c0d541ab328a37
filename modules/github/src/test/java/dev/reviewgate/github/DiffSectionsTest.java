package dev.reviewgate.github;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class DiffSectionsTest {

  private static final String DIFF = """
    diff --git a/old name.txt b/new name.txt
    similarity index 90%
    rename from old name.txt
    rename to new name.txt
    index 1111111..2222222 100644
    --- a/old name.txt\t
    +++ b/new name.txt\t
    @@ -1 +1 @@
    -a
    +b
    diff --git a/img.png b/img.png
    new file mode 100644
    index 0000000..3333333
    Binary files /dev/null and b/img.png differ
    diff --git a/gone.txt b/gone.txt
    deleted file mode 100644
    index 4444444..0000000
    --- a/gone.txt
    +++ /dev/null
    @@ -1 +0,0 @@
    -x
    diff --git "a/t\\tab.txt" "b/t\\tab.txt"
    old mode 100644
    new mode 100755
    diff --git a/mode.sh b/mode.sh
    old mode 100644
    new mode 100755
    """;

  @Test
  void sectionsNameTheirPathsFromEveryKindOfHeader() {
    byte[] diff = DIFF.getBytes(StandardCharsets.UTF_8);
    List<DiffSections.Section> sections = DiffSections.split(diff);
    assertThat(sections).extracting(DiffSections.Section::oldPath)
      .containsExactly("old name.txt", "img.png", "gone.txt", "t\tab.txt", "mode.sh");
    assertThat(sections).extracting(DiffSections.Section::newPath)
      .containsExactly("new name.txt", "img.png", null, "t\tab.txt", "mode.sh");
    assertThat(sections.get(sections.size() - 1).end()).isEqualTo(diff.length);
  }

  @Test
  void selectionMatchesOldOrNewFullPathsAndKeepsBytes() {
    byte[] diff = DIFF.getBytes(StandardCharsets.UTF_8);
    List<DiffSections.Section> sections = DiffSections.split(diff);
    String renamed = new String(DiffSections.select(diff, sections, List.of("old name.txt")), StandardCharsets.UTF_8);
    assertThat(renamed).startsWith("diff --git a/old name.txt").endsWith("+b\n");
    assertThat(DiffSections.select(diff, sections, List.of("gone.txt"))).isNotEmpty();
    assertThat(DiffSections.select(diff, sections, List.of("name.txt"))).isEmpty();
    assertThat(DiffSections.select(diff, sections, List.of("img.png", "mode.sh")).length)
      .isEqualTo(sections.get(1).end() - sections.get(1).start() + sections.get(4).end() - sections.get(4).start());
  }

  @Test
  void gitQuotingIsUndone() {
    assertThat(DiffSections.unquote("\"a/caf\\303\\251.txt\"")).isEqualTo("a/café.txt");
    assertThat(DiffSections.unquote("plain")).isEqualTo("plain");
  }

  @Test
  void noDiffNoSections() {
    assertThat(DiffSections.split(new byte[0])).isEmpty();
  }
}
