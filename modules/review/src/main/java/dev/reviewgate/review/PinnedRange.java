package dev.reviewgate.review;

/**
 * A review's diff, pinned: the SHAs git compared when the review was created. {@code base} is null when
 * {@code head} is a root commit (compared with the empty tree); for {@code A...B} it is the merge base, so base..head
 * is the same diff forever, whatever the branches do later.
 */
public record PinnedRange(String repo, String base, String head) {
}
