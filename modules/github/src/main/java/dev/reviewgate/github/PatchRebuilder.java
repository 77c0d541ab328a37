package dev.reviewgate.github;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A git-style diff rebuilt from the entries of {@code GET /pulls/{n}/files} (or a comparison's files), for when GitHub refuses the whole diff as too
 * large. Identical to GitHub's own diff except that {@code index} and mode lines are unknown (the files API does
 * not give the old blob), and files without a {@code patch} (binary, or too big) get a header only.
 */
final class PatchRebuilder {

  record Rebuilt(byte[] diff, List<String> withoutPatch) {
  }

  private PatchRebuilder() {
  }

  static Rebuilt rebuild(List<PullRequestFile> files) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    List<String> withoutPatch = new ArrayList<>();
    for (PullRequestFile file : files) {
      String path = file.path();
      String status = file.status() == null ? "modified" : file.status();
      String oldPath = file.previousPath() == null ? path : file.previousPath();
      String patch = file.patch();
      StringBuilder text = new StringBuilder("diff --git a/").append(oldPath).append(" b/").append(path).append('\n');
      if (!oldPath.equals(path)) {
        text.append("rename from ").append(oldPath).append('\n').append("rename to ").append(path).append('\n');
      }
      if (patch == null || patch.isEmpty()) {
        if (file.patchMissing()) {
          withoutPatch.add(path);
        }
      } else {
        text.append("--- ").append("added".equals(status) ? "/dev/null" : "a/" + oldPath).append('\n')
          .append("+++ ").append("removed".equals(status) ? "/dev/null" : "b/" + path).append('\n')
          .append(patch);
        if (!patch.endsWith("\n")) {
          text.append('\n');
        }
      }
      out.writeBytes(text.toString().getBytes(StandardCharsets.UTF_8));
    }
    return new Rebuilt(out.toByteArray(), withoutPatch);
  }
}
