package dev.reviewgate.bitbucket;

/**
 * One comment of a pull request in both flavours' words.
 *
 * @param parentId the comment it answers, null for the first of a thread
 * @param path     the file it is on, null for a general comment
 * @param side     {@code new} or {@code old}; null on no line (a file comment) or no file
 * @param line     the (last) line, null on no line
 * @param resolved whether its thread is resolved, null where the flavour cannot resolve it (Cloud: general comments)
 * @param version  Data Center's optimistic-locking version, null on Cloud
 */
record BitbucketComment(String id, String parentId, String path, String side, Integer line, Integer startLine, String author,
                        String created, String body, Boolean resolved, Integer version, String url) {
}
