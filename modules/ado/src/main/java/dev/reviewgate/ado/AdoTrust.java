package dev.reviewgate.ado;

import dev.reviewgate.forge.json.Fields;
import dev.reviewgate.forge.thread.Author;
import dev.reviewgate.forge.thread.CommitMessage;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Trust on Azure DevOps: an {@code IdentityRef} (a pull request's {@code createdBy}, a comment's {@code author}) says
 * who, not what they may do, and the permission a push needs is only told by the security namespaces' access control
 * lists, several calls per identity on another host. So an author is trusted only when the operator names their
 * unique name (or identity id) in {@code ado.trustedAuthors}; everyone else is untrusted.
 */
record AdoTrust(Set<String> trusted) {

  static AdoTrust of(List<String> names) {
    return new AdoTrust(names.stream().map(n -> n.strip().toLowerCase(Locale.ROOT)).filter(n -> !n.isEmpty())
      .collect(Collectors.toUnmodifiableSet()));
  }

  /** The identity with its shown name ({@link AdoPullRequest#name}); an identity without one is untrusted. */
  Author author(Fields identity) {
    String name = AdoPullRequest.name(identity);
    if (identity == null || name == null) {
      return Author.untrusted(name);
    }
    return new Author(name, named(identity.optString("uniqueName")) || named(identity.optString("id")));
  }

  /** A commit's author ({@code GitUserDate}: name and email, no identity): trusted when its email is named. */
  Author committer(Fields gitUser) {
    if (gitUser == null) {
      return Author.untrusted(null);
    }
    String email = gitUser.optString("email");
    return new Author(CommitMessage.gitName(gitUser.optString("name"), email), named(email));
  }

  private boolean named(String value) {
    return value != null && trusted.contains(value.toLowerCase(Locale.ROOT));
  }
}
