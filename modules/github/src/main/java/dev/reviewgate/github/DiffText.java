package dev.reviewgate.github;

import java.util.List;

/** A pull request's diff as unified text, unshaped (GitHub's bytes, or the files asked for), and its warnings. */
record DiffText(byte[] text, List<String> warnings) {
}
