package dev.reviewgate.review;

import dev.reviewgate.core.testing.TempGitRepo;
import java.nio.file.Path;

/** The shared temporary repository plus the review module's sample change (used by app tests too). */
public final class TempRepo extends TempGitRepo {

  public TempRepo(Path dir) {
    super(dir);
  }

  /**
   * Two commits: App.java before, then the change under review (marker comments on added lines 4, 7 and 9 of
   * App.java, an old TODO on an unchanged line 2, a new docs/notes.md with a TODO).
   *
   * @return the SHAs of the first and the second commit
   */
  public String[] greetingChange() {
    write("src/App.java", """
      class App {
        // TODO: old note stays out
        void run() {
          System.out.println("hi");
        }
      }
      """);
    String first = commit("first");
    write("src/App.java", """
      class App {
        // TODO: old note stays out
        void run() {
          // 💡 greet by name so logs say who ran it
          System.out.println("hello " + name());
        }
        // ❓ should this read an environment variable?
        String name() {
          return "world"; // FIXME: hard-coded
        }
      }
      """);
    write("docs/notes.md", "TODO: write docs\n");
    return new String[] {first, commit("second")};
  }
}
