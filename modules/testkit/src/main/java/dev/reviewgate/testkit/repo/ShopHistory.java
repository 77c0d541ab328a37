package dev.reviewgate.testkit.repo;

import dev.reviewgate.core.testing.TempGitRepo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * The history of "shop", the repository whose pull request the fake forges serve: a base on {@code main}, a feature
 * branch whose first push touches every kind of change (an edit, an add, a delete, a rename with an edit), the later
 * pushes each test needs (generated files past a forge's page size, a revised document, a binary file), and
 * {@code main} moving on. The ADO and GitLab tests build their pull requests from these same steps.
 */
public final class ShopHistory {

  /** Text of {@code src/app.c} at the base; the first push widens its sum. */
  static final String APP = "#include <stdio.h>\n\nint add(int a, int b)\n{\n  int sum = a + b;\n  return sum;\n}\n\n"
    + "int main(void)\n{\n  printf(\"%d\\n\", add(1, 2));\n  return 0;\n}\n";

  private ShopHistory() {
  }

  /**
   * Commits the base on {@code main} (beside app.c: a file to rename, one to delete, a README, a 400-line and a 50-line
   * file, a script and {@code lib/m000.txt} to {@code lib/m079.txt}) and switches to a new branch {@code feature}.
   *
   * @return the base commit
   */
  public static String base(TempGitRepo repo) {
    repo.write("src/app.c", APP)
      .write("old/name.txt", "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\n")
      .write("gone.txt", "bye\nfor now\n")
      .write("README.md", "# shop\n")
      .write("big.txt", numbered("big", 400))
      .write("col.txt", numbered("col", 50))
      .write("tool.sh", "#!/bin/sh\necho tool\n");
    for (int i = 0; i < 80; i++) {
      repo.write(libFile(i), numbered("m" + i, 12));
    }
    String base = repo.commit("base");
    repo.branch("feature");
    return base;
  }

  /** The first push: app.c edited, docs/new.md added, gone.txt deleted, old/name.txt renamed with an edit. */
  public static String firstPush(TempGitRepo repo) {
    repo.write("src/app.c", APP.replace("int sum = a + b;\n  return sum;", "long sum = (long) a + b;\n  return (int) sum;")
        .replace("add(1, 2)", "add(40, 2)"))
      .write("docs/new.md", "# Invoices\n\nPay later.\n")
      .delete("gone.txt")
      .delete("old/name.txt")
      .write("new/name.txt", "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\n");
    return repo.commit("first push");
  }

  /** Writes {@code gen/f000.txt} onwards, {@code count} one-line files (not committed). */
  public static TempGitRepo generated(TempGitRepo repo, int count) {
    for (int i = 0; i < count; i++) {
      repo.write(String.format("gen/f%03d.txt", i), "generated " + i + "\n");
    }
    return repo;
  }

  /** Changes line 6 of every {@code lib/mNNN.txt} (not committed). */
  public static TempGitRepo libraryEdited(TempGitRepo repo) {
    for (int i = 0; i < 80; i++) {
      repo.write(libFile(i), numbered("m" + i, 12).replace("m" + i + " line 6\n", "m" + i + " line six\n"));
    }
    return repo;
  }

  /** Revises docs/new.md and adds the binary {@code img.bin} (not committed). */
  public static TempGitRepo termsAndImage(TempGitRepo repo) {
    return repo.write("docs/new.md", "# Invoices\n\nPay later, within 30 days.\n").write("img.bin", new byte[] {0, 1, 2, 3, 0, 5});
  }

  /**
   * Switches back to {@code main} and commits another file there.
   *
   * @return the target branch's head
   */
  public static String targetMovesOn(TempGitRepo repo) {
    repo.checkout("main");
    repo.write("other.txt", "moved on\n");
    return repo.commit("main moves on");
  }

  /** {@code lines} lines "name line N". */
  public static String numbered(String name, int lines) {
    StringBuilder text = new StringBuilder();
    for (int i = 1; i <= lines; i++) {
      text.append(name).append(" line ").append(i).append('\n');
    }
    return text.toString();
  }

  /** Sets the executable bits of a file of the working tree. */
  public static void executable(Path file) {
    try {
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String libFile(int i) {
    return String.format("lib/m%03d.txt", i);
  }
}
