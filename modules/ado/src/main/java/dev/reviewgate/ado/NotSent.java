package dev.reviewgate.ado;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What Azure DevOps left out of its replies (it omits members rather than sending null, and its reference marks almost
 * none required) where a result shows it: the result carries null there, and one warning per member says it was not
 * sent, so a null is never taken for a value.
 */
final class NotSent {

  private record Gap(String member, String consequence) {
  }

  private final Map<Gap, Integer> gaps = new LinkedHashMap<>();

  /**
   * {@code value}, noting when it is null that {@code member} (Azure DevOps' name, e.g.
   * {@code lastMergeSourceCommit}) was not sent, so that {@code consequence} (e.g. {@code source_commit is null}).
   */
  <T> T note(T value, String member, String consequence) {
    if (value == null) {
      gaps.merge(new Gap(member, consequence), 1, Integer::sum);
    }
    return value;
  }

  /** One line per member not sent, with how many entries lacked it when more than one did. */
  List<String> warnings() {
    List<String> out = new ArrayList<>();
    gaps.forEach((gap, count) -> out.add("Azure DevOps did not send " + gap.member() + (count > 1 ? " (" + count + " entries)" : "")
      + "; " + gap.consequence() + "."));
    return out;
  }
}
