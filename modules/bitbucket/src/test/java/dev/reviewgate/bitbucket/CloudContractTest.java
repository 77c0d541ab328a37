package dev.reviewgate.bitbucket;

import dev.reviewgate.testkit.ReplyVariants;
import dev.reviewgate.testkit.ReplyVariants.Kind;
import dev.reviewgate.testkit.forge.FakeBitbucketCloud;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link BitbucketContractTest} for Cloud. Origin of the member tables: Bitbucket Cloud's OpenAPI description
 * ({@code https://dac-static.atlassian.com/cloud/bitbucket/swagger.v3.json}, as stored in coderabbitai/bitbucket at
 * {@code src/cloud/openapi/swagger.v3.json}, read 2026-12-07). Its schemas require only {@code type} ({@code object}),
 * {@code inline.path} and {@code error.message}: every other member of {@code pullrequest}, {@code pullrequest_endpoint},
 * {@code commit}, {@code diffstat}, {@code commit_file}, {@code pullrequest_comment} and the {@code paginated_*}
 * envelopes is optional. Nullable by its words or enums: {@code participant.state} (enum with null),
 * {@code participant.participated_on} ("or null if they have not commented"), {@code inline.start_to}/{@code start_from}
 * ("null otherwise"); {@code merge_commit} and {@code closed_by} are null on an open pull request in its examples. The
 * paginated envelopes document {@code size}, {@code page}, {@code next} and {@code previous} as "not provided in all
 * responses".
 */
class CloudContractTest extends BitbucketContractTest {

  private static final String PR = "/repositories/{workspace}/{repo_slug}/pullrequests/{pull_request_id}";

  @Override
  TestFlavor flavor() {
    return TestFlavor.CLOUD;
  }

  private FakeBitbucketCloud cloud() {
    return (FakeBitbucketCloud) fake;
  }

  /** The pull request once declined and merged too, so that every member its variants change has a value. */
  private JsonObject pullRequest() {
    return cloud().pullRequestJson().put("merge_commit", new JsonObject().put("hash", pr.head().substring(0, 12)))
      .put("closed_by", FakeBitbucketCloud.account("Mia Reyes", "mreyes")).put("reason", "superseded")
      .put("participants", new JsonArray().add(new JsonObject().put("type", "participant")
        .put("user", FakeBitbucketCloud.account("Mia Reyes", "mreyes")).put("role", "REVIEWER").put("approved", true)
        .put("state", "approved").put("participated_on", "2026-11-25T10:00:00.000000+00:00")));
  }

  private JsonObject page(List<JsonObject> values) {
    return new JsonObject().put("size", values.size()).put("page", 1).put("pagelen", 100)
      .put("previous", cloud().url() + "/repositories/acme/shop/x?page=0").put("values", new JsonArray(new ArrayList<>(values)));
  }

  private JsonObject comments() {
    List<JsonObject> all = fake.comments.keySet().stream().sorted().map(fake.comments::get).map(JsonObject::copy).toList();
    return page(all);
  }

  private JsonObject diffstat() {
    JsonArray values = new JsonArray();
    for (String line : pr.repo().git("diff", "--raw", "-M", "--no-abbrev", pr.base(), pr.head()).split("\n")) {
      String[] meta = line.substring(1, line.indexOf('\t')).split(" ");
      String[] paths = line.substring(line.indexOf('\t') + 1).split("\t");
      if (!paths[paths.length - 1].startsWith("src/") && !paths[0].equals("tool.sh") && !paths[0].startsWith("old/")) {
        continue;
      }
      values.add(new JsonObject().put("type", "diffstat").put("status", meta[4].startsWith("R") ? "renamed" : "modified")
        .put("lines_added", 1).put("lines_removed", 1)
        .put("old", new JsonObject().put("type", "commit_file").put("path", paths[0]).put("escaped_path", paths[0])
          .put("attributes", meta[0].equals("100755") ? "executable" : "binary"))
        .put("new", new JsonObject().put("type", "commit_file").put("path", paths[paths.length - 1])
          .put("escaped_path", paths[paths.length - 1]).put("attributes", meta[1].equals("100755") ? "executable" : "binary")));
    }
    return page(values.stream().map(JsonObject.class::cast).toList());
  }

  @Override
  List<Endpoint> endpoints() {
    return List.of(
      new Endpoint("pr", "GET " + PR, this::pullRequest, ReplyVariants.members(
        "title", Kind.OPTIONAL, "description", Kind.OPTIONAL, "summary", Kind.OPTIONAL, "summary.raw", Kind.OPTIONAL,
        "state", Kind.OPTIONAL, "draft", Kind.OPTIONAL, "author", Kind.OPTIONAL, "author.display_name", Kind.OPTIONAL,
        "merge_commit", Kind.NULLABLE_OR_ABSENT, "closed_by", Kind.NULLABLE_OR_ABSENT, "reason", Kind.OPTIONAL,
        "reviewers", Kind.MAY_BE_EMPTY, "participants", Kind.MAY_BE_EMPTY, "participants[].state", Kind.NULLABLE,
        "participants[].participated_on", Kind.NULLABLE, "participants[].user", Kind.OPTIONAL, "links", Kind.OPTIONAL,
        "links.html", Kind.OPTIONAL, "created_on", Kind.OPTIONAL, "updated_on", Kind.OPTIONAL, "source.branch", Kind.OPTIONAL,
        "destination.branch", Kind.OPTIONAL, "source.commit", Kind.OPTIONAL, "destination.commit", Kind.OPTIONAL,
        "comment_count", Kind.OPTIONAL, "task_count", Kind.OPTIONAL),
        List.of(get(), diff("source.commit", "destination.commit"), filesOnly("source.commit", "destination.commit"))),
      new Endpoint("list", "GET /repositories/{workspace}/{repo_slug}/pullrequests",
        () -> page(List.of(pullRequest())).put("next", cloud().url() + "/repositories/acme/shop/pullrequests?page=2"),
        ReplyVariants.members("size", Kind.OPTIONAL, "page", Kind.OPTIONAL, "next", Kind.OPTIONAL, "previous", Kind.OPTIONAL,
          "values", Kind.MAY_BE_EMPTY, "values[].summary", Kind.OPTIONAL, "values[].author", Kind.OPTIONAL,
          "values[].draft", Kind.OPTIONAL, "values[].merge_commit", Kind.NULLABLE, "values[].links", Kind.OPTIONAL),
        List.of(list())),
      new Endpoint("commit", "GET /repositories/{workspace}/{repo_slug}/commit/{commit}", () -> cloud().commitJson(pr.head()),
        ReplyVariants.members("hash", Kind.OPTIONAL, "date", Kind.OPTIONAL, "author", Kind.OPTIONAL, "message", Kind.OPTIONAL,
          "parents", Kind.MAY_BE_EMPTY),
        List.of(get(), diff("hash"))),
      new Endpoint("merge-base", "GET /repositories/{workspace}/{repo_slug}/merge-base/{revspec}", () -> cloud().commitJson(pr.base()),
        ReplyVariants.members("hash", Kind.OPTIONAL, "date", Kind.OPTIONAL, "author", Kind.OPTIONAL, "parents", Kind.MAY_BE_EMPTY),
        List.of(get(), diff("hash"))),
      new Endpoint("diffstat", "GET /repositories/{workspace}/{repo_slug}/diffstat/{spec}", this::diffstat, ReplyVariants.members(
        "size", Kind.OPTIONAL, "page", Kind.OPTIONAL, "values", Kind.MAY_BE_EMPTY, "values[].status", Kind.OPTIONAL,
        "values[].lines_added", Kind.OPTIONAL, "values[].lines_removed", Kind.OPTIONAL, "values[].old.attributes", Kind.OPTIONAL,
        "values[].new.attributes", Kind.OPTIONAL, "values[].old.escaped_path", Kind.OPTIONAL, "values[].old", Kind.OPTIONAL),
        List.of(diff(), filesOnly())),
      new Endpoint("comments", "GET " + PR + "/comments", this::comments, ReplyVariants.members(
        "values", Kind.MAY_BE_EMPTY, "values[].inline", Kind.OPTIONAL, "values[].inline.to", Kind.OPTIONAL,
        "values[].inline.from", Kind.OPTIONAL, "values[].inline.start_to", Kind.NULLABLE_OR_ABSENT,
        "values[].inline.start_from", Kind.NULLABLE_OR_ABSENT, "values[].parent", Kind.OPTIONAL,
        "values[].resolution", Kind.OPTIONAL, "values[].content", Kind.OPTIONAL, "values[].content.raw", Kind.OPTIONAL,
        "values[].user", Kind.OPTIONAL, "values[].deleted", Kind.OPTIONAL, "values[].pending", Kind.OPTIONAL,
        "values[].links", Kind.OPTIONAL, "values[].created_on", Kind.OPTIONAL, "size", Kind.OPTIONAL),
        List.of(threads())));
  }
}
