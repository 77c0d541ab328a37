package dev.reviewgate.review;

import java.time.Instant;

/** One comment in a thread. */
public record ReviewComment(String id, Author author, String body, Instant at) {
}
