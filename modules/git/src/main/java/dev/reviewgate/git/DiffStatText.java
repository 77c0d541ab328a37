package dev.reviewgate.git;

import dev.reviewgate.diff.render.StatRenderer;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code git_diff_stat}: the text {@code git diff --stat} prints for the changed files, rendered by the diff
 * engine's {@link StatRenderer} — the same renderer as {@code git_diff} with {@code format: stat}.
 */
final class DiffStatText {

  private DiffStatText() {
  }

  static String render(ChangedFiles changed, int width) {
    List<StatRenderer.Entry> entries = new ArrayList<>(changed.files().size());
    for (ChangedFile file : changed.files()) {
      entries.add(new StatRenderer.Entry(file.path(), file.oldPath(), file.additions(), file.deletions(),
        file.binary(), file.binarySizes()));
    }
    return StatRenderer.renderEntries(entries, width, changed.quotePath());
  }
}
