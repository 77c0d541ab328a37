/**
 * What every forge module ({@code github}, {@code ado}, {@code gitlab}) shares: {@code forge.http}, the HTTP layer
 * they send through (one options record, caller deadlines, retries decided by each forge's policy over a common outage
 * and rate-limit rule, ETag cache, read bound, spaced writes, the client base); {@code forge.thread}, the review-thread
 * tools' routing, anchor checks and write markers; and {@link dev.reviewgate.forge.ForgeVerticle}, a forge's verticle:
 * its client opened and closed, and each tool served with that client bound to the caller's deadline. Each forge keeps
 * its own model of a pull request.
 */
package dev.reviewgate.forge;
