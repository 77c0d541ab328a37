package dev.reviewgate.review;

/** One changed file of a review, as pinned at creation. {@code oldPath} is null unless renamed or copied. */
public record FileStat(String path, String oldPath, String status, int additions, int deletions, boolean binary) {
}
