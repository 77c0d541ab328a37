package dev.reviewgate.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.diff.model.ChangeType;
import dev.reviewgate.diff.model.Diff;
import dev.reviewgate.diff.model.FileDiff;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The recorded GitHub .diff and .patch bodies (see fixtures/github3py/ORIGIN.md). */
class FixtureRoundTripTest {

  private final DiffEngine engine = Fixtures.engine();

  @ParameterizedTest
  @ValueSource(strings = {"PullRequest_diff__1.diff", "PullRequest_patch__1.patch", "Comparison_diff__2.diff",
    "Comparison_patch__2.patch"})
  void recordedBodiesRenderBackByteForByte(String name) {
    byte[] text = Fixtures.resource(name);
    assertThat(engine.render(engine.parse(text))).isEqualTo(text);
  }

  @Test
  void pullRequestDiffHasItsFilesAndCounts() {
    Diff diff = engine.parse(Fixtures.resource("PullRequest_diff__1.diff"));
    assertThat(diff.files()).extracting(FileDiff::path)
      .containsExactly("github3/repos/release.py", "tests/unit/test_repos_release.py");
    assertThat(diff.files()).extracting(FileDiff::additions).containsExactly(2, 16);
    assertThat(diff.files()).extracting(FileDiff::deletions).containsExactly(0, 0);
  }

  @Test
  void patchSeriesKeepsEachCommitsFilesApartFromTheMessages() {
    Diff diff = engine.parse(Fixtures.resource("Comparison_patch__2.patch"));
    assertThat(diff.files()).extracting(FileDiff::path).containsExactly(".pre-commit-config.yaml", "broken-recordings.txt");
    assertThat(diff.files().get(1).changeType()).isEqualTo(ChangeType.ADDED);
    assertThat(diff.files().get(0).hunks()).hasSize(3);
    assertThat(diff.files().get(1).leadingText().utf8()).contains("Subject: [PATCH 2/2]");
  }
}
