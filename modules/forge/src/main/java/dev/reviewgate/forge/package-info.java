/**
 * The forge-neutral pull-request layer. A pull request on any forge is a change set between two commits, revised
 * in iterations and discussed in threads anchored to diff lines; forge modules ({@code github}, {@code ado}) map
 * their APIs onto this model and share one HTTP client layer for what every REST API needs.
 */
package dev.reviewgate.forge;
