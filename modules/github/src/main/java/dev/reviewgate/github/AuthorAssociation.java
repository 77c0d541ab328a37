package dev.reviewgate.github;

import dev.reviewgate.forge.json.Fields;
import dev.reviewgate.forge.thread.Author;
import java.util.Locale;
import java.util.Set;

/**
 * GitHub's {@code author_association} (REST) or {@code authorAssociation} (GraphQL) as trust: OWNER, MEMBER and
 * COLLABORATOR have push access or belong to the owning organisation; CONTRIBUTOR only means a commit was merged
 * before, and FIRST_TIME_CONTRIBUTOR, FIRST_TIMER, MANNEQUIN, NONE and anything unknown or missing are untrusted.
 */
final class AuthorAssociation {

  private static final Set<String> TRUSTED = Set.of("OWNER", "MEMBER", "COLLABORATOR");

  private AuthorAssociation() {
  }

  /**
   * @param user the {@code user} (REST) or {@code author} (GraphQL) object, null for a deleted account
   * @param association the association GitHub sent beside it, or null
   */
  static Author of(Fields user, String association) {
    String login = user == null ? null : user.optString("login");
    return new Author(login, login != null && association != null && TRUSTED.contains(association.toUpperCase(Locale.ROOT)));
  }
}
