/**
 * What every forge module ({@code github}, {@code ado}) shares: {@code forge.http}, the HTTP layer they send through
 * (caller deadlines, retries decided by each forge's policy over a common outage rule, ETag cache, read bound, spaced
 * writes); {@code forge.thread}, the review-thread tools' routing, anchor checks and write markers; and
 * {@link dev.reviewgate.forge.ForgeTools}, a tool served with its client bound to the caller's deadline. Each forge
 * keeps its own model of a pull request.
 */
package dev.reviewgate.forge;
