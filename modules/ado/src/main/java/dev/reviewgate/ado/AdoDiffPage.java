package dev.reviewgate.ado;

import dev.reviewgate.forge.diff.ChangeDiff;
import dev.reviewgate.forge.diff.FileView;
import java.util.List;

/**
 * A page of an iteration's changes with their diffs, as {@code ado_get_pull_request_diff} answers it; written as JSON
 * by {@link AdoJson#diffPage}.
 *
 * @param compareTo      the earlier iteration compared with, or null for the iteration against its target
 * @param selected       every change the include patterns kept (the summary and the paging count them)
 * @param changes        the changes of this page, each with its diff when diffs were asked for
 * @param skip           how many selected changes come before this page
 * @param source         where the diffs were read: {@code local} (this server's clone), {@code blobs}, or null
 * @param truncated      paths whose diff {@code max_lines_per_file} cut
 * @param objectTypes    whether each change says its git object type ({@code include_content_metadata})
 */
record AdoDiffPage(int pr, AdoIteration iteration, Integer compareTo, List<AdoChange> selected, List<Shown> changes, int skip,
                   boolean more, boolean diffsIncluded, String source, List<String> truncated, boolean objectTypes,
                   List<String> warnings) {

  /** One change of the page, its diff and the diff as shown (both null when it has none or diffs were not asked for). */
  record Shown(AdoChange change, ChangeDiff diff, FileView view) {
  }
}
