package dev.reviewgate.gitlab;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.forge.json.Fields;
import dev.reviewgate.forge.thread.Author;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Who of a call's authors may push to a project: {@code GET /projects/:id/members/all/:user_id} (members inherited
 * from groups included) gives an {@code access_level}, and Developer (30) or above is trusted. One call asks about each
 * author once, and about at most {@code gitlab.maxTrustLookups} authors; anyone beyond that, anyone who is no member
 * (404) and anyone GitLab would not tell about is untrusted, and the answer's warnings say so.
 */
final class ProjectMembers {

  static final int DEVELOPER = 30;

  private final GitLabClient client;

  ProjectMembers(GitLabClient client) {
    this.client = client;
  }

  /** The trust of the authors of {@code users} (GitLab {@code UserBasic} objects; null entries skipped). */
  Future<Trust> of(String project, List<Fields> users) {
    Set<Long> ids = new LinkedHashSet<>();
    for (Fields user : users) {
      Long id = user == null ? null : user.optLong("id");
      if (id != null) {
        ids.add(id);
      }
    }
    int bound = client.options().maxTrustLookups();
    List<String> warnings = new ArrayList<>();
    if (ids.size() > bound) {
      warnings.add((ids.size() - bound) + " author(s) are marked untrusted without asking GitLab: one answer looks up at most "
        + bound + " authors' access levels (gitlab.maxTrustLookups)");
    }
    Map<Long, Future<Boolean>> asked = new HashMap<>();
    ids.stream().limit(bound).forEach(id -> asked.put(id, developer(project, id)));
    return Future.join(new ArrayList<>(asked.values())).transform(done -> {
      Set<Long> trusted = new HashSet<>();
      int unknown = 0;
      for (Map.Entry<Long, Future<Boolean>> e : asked.entrySet()) {
        if (e.getValue().succeeded() && e.getValue().result()) {
          trusted.add(e.getKey());
        } else if (e.getValue().failed()) {
          unknown++;
        }
      }
      if (unknown > 0) {
        warnings.add(unknown + " author(s) are marked untrusted because GitLab would not give their access level to this "
          + "project (the token may lack read_api on its members)");
      }
      return Future.succeededFuture(new Trust(Set.copyOf(trusted), List.copyOf(warnings)));
    });
  }

  /** Whether the user's access level is Developer or above; false for a user who is no member (404). */
  private Future<Boolean> developer(String project, long id) {
    return client.getJson(GitLabClient.project(project) + "/members/all/" + id, Map.of(), "user " + id + " is no member")
      .map(json -> {
        Integer level = Fields.of(GitLabEndpoints.MEMBER, json).optInt("access_level");
        return level != null && level >= DEVELOPER;
      })
      .recover(failure -> failure instanceof ToolException e && e.code() == 404
        ? Future.succeededFuture(false) : Future.failedFuture(failure));
  }

  /**
   * The authors of one answer found trusted, by user id.
   *
   * @param warnings what the answer should say about authors whose trust was not asked or not told
   */
  record Trust(Set<Long> trusted, List<String> warnings) {

    /** Nobody asked about: for a thread read only for its status. */
    static final Trust UNASKED = new Trust(Set.of(), List.of());

    /** The author of a {@code UserBasic} (null for a deleted user: untrusted). */
    Author author(Fields user) {
      Long id = user == null ? null : user.optLong("id");
      return new Author(GitLabEndpoints.username(user), id != null && trusted.contains(id));
    }
  }
}
