package dev.reviewgate.forge.thread;

import java.util.List;

/**
 * A review thread as the thread tools show it, whichever forge holds it. Each forge maps its reply onto it and
 * {@link ThreadJson} writes it. A null member group ({@code anchor}, {@code lines}, {@code origin}) is one the forge
 * does not report for this thread, and its members are left out of the answer; a null value inside a reported group is
 * written as null.
 *
 * @param anchor where the thread sits; null for a general thread, on no file
 * @param outdated whether later pushes moved the code away; null when the forge does not say
 * @param status the forge's state in the tools' words ({@code resolved}, {@code unresolved}, {@code active}, ...)
 * @param hunk the header of the current diff's hunk holding the thread's line, null when none does
 */
public record ReviewThread(String id, Anchor anchor, Boolean outdated, String status, List<Comment> comments, String hunk) {

  /** The thread without its hunk (set later by {@link ThreadTools#withHunks}). */
  public ReviewThread(String id, Anchor anchor, Boolean outdated, String status, List<Comment> comments) {
    this(id, anchor, outdated, status, comments, null);
  }

  public ReviewThread withHunk(String header) {
    return new ReviewThread(id, anchor, outdated, status, comments, header);
  }

  /** The file the thread is on, null when none. */
  public String path() {
    return anchor == null ? null : anchor.path();
  }

  /** The thread's (last) line, null when it is on no line now. */
  public Integer line() {
    return anchor == null || anchor.lines() == null ? null : anchor.lines().line();
  }

  /**
   * @param side {@code new} or {@code old}; null when the forge names the file but no side
   * @param lines null when the forge placed the thread on no line (a file comment) and says nothing of lines
   * @param origin null when the forge does not tell file threads from line threads, nor the line written on
   */
  public record Anchor(String path, String side, Lines lines, Origin origin) {
  }

  /** @param startLine the first line of a range, null for one line */
  public record Lines(Integer line, Integer startLine) {
  }

  /**
   * What the forge tells of where the thread was written.
   *
   * @param onFile the thread is about the whole file, on no line
   * @param originalLine the line it was written on, in the diff of its time (null when the forge did not send it)
   */
  public record Origin(boolean onFile, Integer originalLine) {
  }

  /**
   * @param author who wrote it and whether the forge says they may push; its login is null when the forge sent none
   *               (a deleted account), and then it is untrusted
   * @param url the comment's page; null when the forge links no comment (then left out)
   */
  public record Comment(String id, Author author, String created, String body, Reported<String> url) {

    /** A comment of a forge that gives comments no link. */
    public Comment(String id, Author author, String created, String body) {
      this(id, author, created, body, null);
    }
  }
}
