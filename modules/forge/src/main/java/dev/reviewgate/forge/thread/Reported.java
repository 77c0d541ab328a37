package dev.reviewgate.forge.thread;

/**
 * A member a forge reports, its value null when this reply left it out; a null {@code Reported} is a member the forge
 * does not have at all, which {@link ThreadJson} leaves out of the answer (GitHub links every comment, Azure DevOps and
 * GitLab none).
 */
public record Reported<T>(T value) {

  public static <T> Reported<T> of(T value) {
    return new Reported<>(value);
  }
}
