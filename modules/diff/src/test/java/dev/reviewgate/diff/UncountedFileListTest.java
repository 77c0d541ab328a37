package dev.reviewgate.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.testing.TempGitRepo;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.json.schema.Draft;
import io.vertx.json.schema.JsonSchema;
import io.vertx.json.schema.JsonSchemaOptions;
import io.vertx.json.schema.OutputFormat;
import io.vertx.json.schema.OutputUnit;
import io.vertx.json.schema.Validator;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code files_only} with {@code counts: false} on a diff the git CLI wrote: the same list as with counts, minus
 * the counts and binary, plus similarity and modes where they apply; the summary has no line totals.
 */
class UncountedFileListTest {

  @TempDir
  static Path dir;
  static byte[] text;
  static final DiffEngine ENGINE = Fixtures.engine();
  static final Validator OUTPUT = Validator.create(
    JsonSchema.of(ToolCatalog.standard().require("diff_parse").outputSchema()),
    new JsonSchemaOptions().setDraft(Draft.DRAFT202012).setBaseUri("https://reviewgate.dev/test/")
      .setOutputFormat(OutputFormat.Basic));

  @BeforeAll
  static void build() {
    TempGitRepo repo = new TempGitRepo(dir);
    repo.write("run.sh", "echo hi\n").write("lib/old.txt", ShapeTest.numbered("line", 20)).write("logo.bin", new byte[] {0, 1, 2})
      .write("gone.txt", "bye\n");
    repo.commit("base");
    executable(dir.resolve("run.sh"));
    repo.git("mv", "lib/old.txt", "lib/new.txt");
    repo.write("lib/new.txt", ShapeTest.numbered("line", 20).replace("line 7\n", "line seven\n"))
      .write("logo.bin", new byte[] {0, 3, 2}).delete("gone.txt").write("added.txt", "new\n");
    repo.commit("change");
    text = repo.gitBytes("diff", "-M", "HEAD~1", "HEAD");
  }

  static void executable(Path file) {
    try {
      java.nio.file.Files.setPosixFilePermissions(file, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static JsonObject shape(JsonObject args) {
    JsonObject result = ENGINE.parseAndShape(text, args);
    OutputUnit check = OUTPUT.validate(result);
    assertThat(check.getValid()).as("output schema: %s", check.getErrors()).isTrue();
    return result;
  }

  @Test
  void listsWhatGitsNameStatusTellsWithoutCounts() {
    JsonObject counted = shape(new JsonObject().put("files_only", true));
    JsonObject listed = shape(new JsonObject().put("files_only", true).put("counts", false));
    JsonArray files = listed.getJsonArray("files");
    assertThat(files).hasSize(counted.getJsonArray("files").size()).hasSize(5);
    for (int i = 0; i < files.size(); i++) {
      JsonObject without = files.getJsonObject(i);
      JsonObject with = counted.getJsonArray("files").getJsonObject(i);
      assertThat(without.fieldNames()).doesNotContain("additions", "deletions", "binary");
      for (String field : new String[] {"path", "old_path", "status"}) {
        assertThat(without.getValue(field)).as(field).isEqualTo(with.getValue(field));
      }
    }
    assertThat(files.getJsonObject(0).getMap()).containsEntry("path", "added.txt").containsEntry("status", "added")
      .containsOnlyKeys("path", "old_path", "status");
    assertThat(files.getJsonObject(2).getMap()).containsEntry("path", "lib/new.txt").containsEntry("old_path", "lib/old.txt")
      .containsEntry("status", "renamed").containsEntry("similarity", 92);
    assertThat(files.getJsonObject(4).getMap()).containsEntry("path", "run.sh").containsEntry("status", "mode_changed")
      .containsEntry("old_mode", "100644").containsEntry("new_mode", "100755");
    assertThat(files.getJsonObject(3).getMap()).containsEntry("path", "logo.bin").containsOnlyKeys("path", "old_path", "status");

    JsonObject summary = listed.getJsonObject("summary");
    assertThat(summary.fieldNames()).doesNotContain("additions", "deletions");
    assertThat(summary.getInteger("files")).isEqualTo(5);
    assertThat(summary.getJsonObject("changes")).isEqualTo(counted.getJsonObject("summary").getJsonObject("changes"));
  }

  @Test
  void pagingAndFiltersApplyToTheList() {
    JsonObject page = shape(new JsonObject().put("files_only", true).put("counts", false).put("exclude", "*.bin").put("top", 2));
    assertThat(page.getJsonArray("files")).extracting(f -> ((JsonObject) f).getString("path"))
      .containsExactly("added.txt", "gone.txt");
    assertThat(page.getInteger("next_skip")).isEqualTo(2);
    assertThat(page.getJsonObject("summary").getInteger("files")).isEqualTo(4);
  }

  @Test
  void countsFalseNeedsFilesOnlyAndRefusesMarkers() {
    assertThatThrownBy(() -> ENGINE.parseAndShape(text, new JsonObject().put("counts", false)))
      .isInstanceOfSatisfying(ToolException.class, e -> {
        assertThat(e.code()).isEqualTo(Failure.INVALID_ARGUMENTS);
        assertThat(e.getMessage()).contains("files_only=true");
      });
    assertThatThrownBy(() -> ENGINE.parseAndShape(text, new JsonObject().put("files_only", true).put("counts", false)
      .put("markers", true)))
      .isInstanceOfSatisfying(ToolException.class, e -> {
        assertThat(e.code()).isEqualTo(Failure.INVALID_ARGUMENTS);
        assertThat(e.getMessage()).contains("drop markers");
      });
  }
}
