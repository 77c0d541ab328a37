package dev.reviewgate.git;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.core.ToolException;
import org.junit.jupiter.api.Test;

class InputsTest {

  private final Inputs inputs = new Inputs(TestRepo.options());

  @Test
  void ordinaryRevisionsAndRangesPass() {
    assertThat(inputs.revision("r", "HEAD~2")).isEqualTo("HEAD~2");
    assertThat(inputs.revision("r", "feature/x-1.2")).isEqualTo("feature/x-1.2");
    assertThat(inputs.range("r", "main...topic")).isEqualTo(new Inputs.Range("main", "topic", true));
    assertThat(inputs.range("r", "v1..")).isEqualTo(new Inputs.Range("v1", "HEAD", false));
    assertThat(inputs.range("r", "abc1234")).isEqualTo(new Inputs.Range(null, "abc1234", false));
    assertThat(inputs.path("p", "src/main/App.java")).isEqualTo("src/main/App.java");
    assertThat(inputs.path("p", "docs/")).isEqualTo("docs");
    assertThat(inputs.path("p", "-weird name.txt")).isEqualTo("-weird name.txt");
  }

  @Test
  void optionLikeRevisionsNameTheProblem() {
    assertThatThrownBy(() -> inputs.revision("base", "--output=/tmp/x"))
      .isInstanceOf(ToolException.class).hasMessageContaining("base '--output=/tmp/x' starts with '-'");
    assertThatThrownBy(() -> inputs.range("range", "main...--all")).hasMessageContaining("starts with '-'");
    assertThatThrownBy(() -> inputs.path("path", "a/../../etc")).hasMessageContaining("'..'");
  }
}
