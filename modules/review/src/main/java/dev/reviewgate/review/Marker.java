package dev.reviewgate.review;

/**
 * A note the agent left in a changed line: {@code insight} (💡), {@code question} (❓), {@code todo} (TODO:) or
 * {@code fixme} (FIXME:), with the file, the new-side line number and the line's text.
 */
public record Marker(String file, int line, String kind, String text) {
}
