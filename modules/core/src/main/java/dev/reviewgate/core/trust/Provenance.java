package dev.reviewgate.core.trust;

import java.util.List;

/**
 * How a reply says who wrote a text: an object that carries a text another person may have written (a pull request's
 * title and body, a review, a comment, a commit message) also carries {@code author} and {@code trust}, and its texts
 * are its members named in {@link #TEXT_MEMBERS}. Backends write these members; the MCP front-end finds untrusted
 * texts by them (to enclose them, or withhold them in lockdown) without knowing which forge a reply came from.
 */
public final class Provenance {

  public static final String AUTHOR = "author";
  public static final String TRUST = "trust";
  /** The forge says the author may push to (or maintains) the repository, or the author is the person. */
  public static final String TRUSTED = "trusted";
  /** Anyone else, an unknown author included. */
  public static final String UNTRUSTED = "untrusted";
  /** The members of an object with {@link #TRUST} that hold its author's text. */
  public static final List<String> TEXT_MEMBERS = List.of("title", "body", "description", "message");

  private Provenance() {
  }

  public static String trust(boolean trusted) {
    return trusted ? TRUSTED : UNTRUSTED;
  }
}
