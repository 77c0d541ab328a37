package dev.reviewgate.gitlab;

import dev.reviewgate.core.testing.TempGitRepo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * A merge request built in a real repository: three pushes (versions) that together change 190 files of every
 * kind: edits, adds, a delete, a rename with an edit, a binary file, an executable file and a mode change.
 *
 * @param base   the fork point (every version's base_commit_sha)
 * @param target the target branch's head (start_commit_sha)
 */
public record GitLabFixture(TempGitRepo repo, String base, String target, String first, String second, String third) {

  /** Files the three versions change, against the base. */
  public static final int CHANGED = 190;

  public static GitLabFixture build(Path dir) {
    TempGitRepo repo = new TempGitRepo(dir);
    repo.write("src/app.c", "#include <stdio.h>\n\nint add(int a, int b)\n{\n  int sum = a + b;\n  return sum;\n}\n\n"
        + "int main(void)\n{\n  printf(\"%d\\n\", add(1, 2));\n  return 0;\n}\n")
      .write("old/name.txt", "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\n")
      .write("gone.txt", "bye\nfor now\n")
      .write("README.md", "# shop\n")
      .write("big.txt", numbered("big", 400))
      .write("col.txt", numbered("col", 50))
      .write("tool.sh", "#!/bin/sh\necho tool\n");
    for (int i = 0; i < 80; i++) {
      repo.write(String.format("lib/m%03d.txt", i), numbered("m" + i, 12));
    }
    String base = repo.commit("base");
    repo.branch("feature");
    repo.write("src/app.c", "#include <stdio.h>\n\nint add(int a, int b)\n{\n  long sum = (long) a + b;\n  return (int) sum;\n}\n\n"
        + "int main(void)\n{\n  printf(\"%d\\n\", add(40, 2));\n  return 0;\n}\n")
      .write("docs/new.md", "# Invoices\n\nPay later.\n")
      .delete("gone.txt")
      .delete("old/name.txt")
      .write("new/name.txt", "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\n");
    String first = repo.commit("version 1");
    for (int i = 0; i < 100; i++) {
      repo.write(String.format("gen/f%03d.txt", i), "generated " + i + "\n");
    }
    for (int i = 0; i < 80; i++) {
      repo.write(String.format("lib/m%03d.txt", i), numbered("m" + i, 12).replace("m" + i + " line 6\n", "m" + i + " line six\n"));
    }
    String second = repo.commit("version 2");
    repo.write("docs/new.md", "# Invoices\n\nPay later, within 30 days.\n")
      .write("big.txt", numbered("big", 400).replace("big line 200\n", "big line two hundred\n"))
      .write("col.txt", numbered("col", 50).replace("col line 1\n", "col line one\n"))
      .write("img.bin", new byte[] {0, 1, 2, 3, 0, 5})
      .write("run.sh", "#!/bin/sh\necho run\n")
      .write("src/util.h", "int add(int a, int b);\n");
    executable(dir.resolve("run.sh"));
    executable(dir.resolve("tool.sh"));
    String third = repo.commit("version 3");
    repo.checkout("main");
    repo.write("other.txt", "moved on\n");
    String target = repo.commit("main moves on");
    return new GitLabFixture(repo, base, target, first, second, third);
  }

  private static String numbered(String name, int lines) {
    StringBuilder text = new StringBuilder();
    for (int i = 1; i <= lines; i++) {
      text.append(name).append(" line ").append(i).append('\n');
    }
    return text.toString();
  }

  private static void executable(Path file) {
    try {
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
