package dev.reviewgate.core.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.json.JsonObject;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The catalog's draft layout shows a draft review as the person approves it; its templates are checked at load. */
class DraftLayoutTest {

  private static final DraftLayout REVIEW = ToolCatalog.standard().require("pr_review").confirmDraft().layout();

  @Test
  void aDraftReviewIsShownWithEveryCommentsAnchor() {
    JsonObject draft = new JsonObject("{\"pr_number\":7,\"verdict\":\"request_changes\",\"body\":\"Two\",\"comments\":["
      + "{\"path\":\"a.txt\",\"line\":3,\"body\":\"x\"},"
      + "{\"path\":\"b\",\"line\":9,\"start_line\":4,\"side\":\"old\",\"body\":\"y\"},"
      + "{\"path\":\"c\",\"body\":\"" + "z".repeat(2001) + "\"}]}");

    assertThat(REVIEW.describe("pr_review", draft)).isEqualTo("""
      Post this review to pull request #7 (pr_review)?
      Verdict: request_changes
      Body: Two
      Comments (3):
      1. a.txt:3 (new side): x
      2. b:4-9 (old side): y
      3. c (file):\s""" + "z".repeat(2000) + "…");
  }

  @Test
  void anEmptyDraftShowsItsDefaults() {
    assertThat(REVIEW.describe("review_publish", new JsonObject())).isEqualTo("""
      Post this review (review_publish)?
      Verdict: comment
      Body: \n\
      Comments (0):""");
  }

  @Test
  void bothDraftToolsShowTheSameLayoutAndAreHeldLikeAReviewWait() {
    ToolCatalog catalog = ToolCatalog.standard();
    ConfirmDraft review = catalog.require("pr_review").confirmDraft();
    ConfirmDraft publish = catalog.require("review_publish").confirmDraft();
    assertThat(review.draftIsArguments()).isTrue();
    assertThat(publish.draftIsArguments()).isFalse();
    assertThat(publish.layout()).isEqualTo(review.layout());
    assertThat(catalog.require(review.heldLike()).waitsForPerson()).isTrue();
  }

  @Test
  void sectionsShowWhenTheirValuesAreThereElseTheirAlternative() {
    TextTemplate template = TextTemplate.parse("a[ b{x}[ c{y}]||none] {z|d}");
    assertThat(template.render(Map.of("x", 1, "y", 2)::get, 10)).isEqualTo("a b1 c2 d");
    assertThat(template.render(Map.of("x", 1, "z", "Z")::get, 10)).isEqualTo("a b1 Z");
    assertThat(template.render(Map.<String, Object>of()::get, 10)).isEqualTo("anone d");
  }

  @Test
  void aMalformedTemplateIsACatalogErrorNamingIt() {
    assertThatThrownBy(() -> TextTemplate.parse("x [{y}")).hasMessageContaining("\"x [{y}\"").hasMessageContaining("not closed");
    assertThatThrownBy(() -> TextTemplate.parse("x {y")).hasMessageContaining("not closed");
    assertThatThrownBy(() -> TextTemplate.parse("x {a b}")).hasMessageContaining("not a value name");
    assertThatThrownBy(() -> TextTemplate.parse("x ]")).hasMessageContaining("unexpected ']'");
  }
}
