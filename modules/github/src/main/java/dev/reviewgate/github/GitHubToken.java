package dev.reviewgate.github;

import java.util.Objects;

/**
 * The API token. It is only ever read by {@link GitHubClient} to build the {@code Authorization} header; its
 * {@code toString} is redacted so that logging an options object or an exception can never leak it.
 */
public final class GitHubToken {

  private final String value;

  private GitHubToken(String value) {
    this.value = value;
  }

  /** @return a token, or {@code null} when {@code value} is null or blank (anonymous access) */
  public static GitHubToken of(String value) {
    return value == null || value.isBlank() ? null : new GitHubToken(value.strip());
  }

  String authorization() {
    return "Bearer " + value;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof GitHubToken token && token.value.equals(value);
  }

  @Override
  public int hashCode() {
    return Objects.hash(value);
  }

  @Override
  public String toString() {
    return "GitHubToken[redacted]";
  }
}
