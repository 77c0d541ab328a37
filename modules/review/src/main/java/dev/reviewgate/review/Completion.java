package dev.reviewgate.review;

import java.time.Instant;

/** How the person completed a review. */
public record Completion(CompletionAction action, String notes, Instant at) {
}
