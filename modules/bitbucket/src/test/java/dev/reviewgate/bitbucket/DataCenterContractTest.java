package dev.reviewgate.bitbucket;

import dev.reviewgate.testkit.ReplyVariants;
import dev.reviewgate.testkit.ReplyVariants.Kind;
import dev.reviewgate.testkit.forge.FakeBitbucket;
import dev.reviewgate.testkit.forge.FakeBitbucketDc;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * {@link BitbucketContractTest} for Data Center. Origin of the member tables: Bitbucket Data Center's OpenAPI
 * description, version 9.2 ({@code https://dac-static.atlassian.com/server/bitbucket/9.2.swagger.v3.json}, as stored
 * in coderabbitai/bitbucket at {@code src/server/openapi/swagger.v3.json}, read 2026-12-07). None of its schemas
 * ({@code RestPullRequest}, {@code RestPullRequestRef}, {@code RestPullRequestParticipant}, {@code RestCommit},
 * {@code RestChange}, {@code RestPath}, {@code RestComment}, {@code RestCommentThreadDiffAnchor},
 * {@code RestPullRequestActivity}) has a required member, so every member is optional; the paged envelopes carry
 * {@code nextPageStart} only while {@code isLastPage} is false. The activities' {@code comment} and
 * {@code commentAnchor} are not in the description's {@code RestPullRequestActivity} at all (only in its prose:
 * "clients should be flexible enough to handle unexpected entity shapes"), so both are optional here; an anchor's
 * {@code path} is a {@code RestPath} in the description and a string in Data Center's replies: the fake sends a string.
 */
class DataCenterContractTest extends BitbucketContractTest {

  private static final String PR = "/rest/api/1.0/projects/{projectKey}/repos/{repositorySlug}/pull-requests/{pullRequestId}";

  @Override
  TestFlavor flavor() {
    return TestFlavor.DC;
  }

  private FakeBitbucketDc dc() {
    return (FakeBitbucketDc) fake;
  }

  private JsonObject page(JsonArray values) {
    return new JsonObject().put("size", values.size()).put("limit", 100).put("isLastPage", true).put("start", 0).put("values", values);
  }

  /** Every page of the fake's own list at {@code path}, as one page. */
  private JsonObject ownAll(String path) {
    JsonArray values = new JsonArray();
    JsonObject page;
    int start = 0;
    do {
      page = own(path + "&start=" + start);
      values.addAll(page.getJsonArray("values"));
      start = page.getInteger("nextPageStart", -1);
    } while (!page.getBoolean("isLastPage") && start >= 0);
    return page(values);
  }

  /** The fake's own reply of an endpoint, fetched as the client would. */
  private JsonObject own(String path) {
    return dev.reviewgate.testkit.Await.result(vertx.createHttpClient().request(io.vertx.core.http.HttpMethod.GET,
        fake.baseUrl().replace("http://127.0.0.1:", "").transform(Integer::parseInt), "127.0.0.1",
        "/rest/api/1.0/projects/ACME/repos/shop/pull-requests/7" + path)
      .compose(request -> request.putHeader("Authorization", "Bearer " + FakeBitbucket.TOKEN).send())
      .compose(response -> response.body()).map(io.vertx.core.buffer.Buffer::toJsonObject));
  }

  @Override
  List<Endpoint> endpoints() {
    return List.of(
      new Endpoint("pr", "GET " + PR, () -> dc().pullRequestJson().put("participants", new JsonArray().add(new JsonObject()
          .put("user", FakeBitbucketDc.user("Mia Reyes", "mreyes")).put("role", "PARTICIPANT").put("approved", false)
          .put("status", "NEEDS_WORK").put("lastReviewedCommit", pr.first()))),
        ReplyVariants.members("title", Kind.OPTIONAL, "description", Kind.OPTIONAL, "state", Kind.OPTIONAL, "draft", Kind.OPTIONAL,
          "author", Kind.OPTIONAL, "author.user", Kind.OPTIONAL, "author.user.displayName", Kind.OPTIONAL, "reviewers", Kind.MAY_BE_EMPTY,
          "reviewers[].status", Kind.OPTIONAL, "reviewers[].user", Kind.OPTIONAL, "participants", Kind.MAY_BE_EMPTY,
          "participants[].lastReviewedCommit", Kind.OPTIONAL, "links", Kind.OPTIONAL, "createdDate", Kind.OPTIONAL,
          "updatedDate", Kind.OPTIONAL, "version", Kind.OPTIONAL, "fromRef.displayId", Kind.OPTIONAL, "toRef.displayId", Kind.OPTIONAL,
          "fromRef.latestCommit", Kind.OPTIONAL, "toRef.latestCommit", Kind.OPTIONAL, "fromRef.repository", Kind.OPTIONAL),
        List.of(get(), diff("fromRef.latestCommit", "toRef.latestCommit"), filesOnly("fromRef.latestCommit", "toRef.latestCommit"))),
      new Endpoint("list", "GET /rest/api/1.0/projects/{projectKey}/repos/{repositorySlug}/pull-requests",
        () -> page(new JsonArray().add(dc().pullRequestJson())).put("isLastPage", false).put("nextPageStart", 1),
        ReplyVariants.members("values", Kind.MAY_BE_EMPTY, "isLastPage", Kind.OPTIONAL, "nextPageStart", Kind.OPTIONAL,
          "size", Kind.OPTIONAL, "values[].description", Kind.OPTIONAL, "values[].author", Kind.OPTIONAL,
          "values[].fromRef", Kind.OPTIONAL, "values[].links", Kind.OPTIONAL),
        List.of(list())),
      new Endpoint("merge-base", "GET " + PR + "/merge-base", () -> dc().commitJson(pr.base()),
        ReplyVariants.members("id", Kind.OPTIONAL, "displayId", Kind.OPTIONAL, "author", Kind.OPTIONAL, "message", Kind.OPTIONAL,
          "parents", Kind.MAY_BE_EMPTY, "authorTimestamp", Kind.OPTIONAL),
        List.of(get(), diff("id"))),
      new Endpoint("changes", "GET " + PR + "/changes",
        () -> ownAll("/changes?changeScope=RANGE&limit=1000&sinceId=" + pr.base() + "&untilId=" + pr.head()),
        ReplyVariants.members("values", Kind.MAY_BE_EMPTY, "values[].srcPath", Kind.OPTIONAL, "values[].executable", Kind.OPTIONAL,
          "values[].srcExecutable", Kind.OPTIONAL, "values[].nodeType", Kind.OPTIONAL, "values[].contentId", Kind.OPTIONAL,
          "values[].percentUnchanged", Kind.OPTIONAL, "values[].path.toString", Kind.OPTIONAL, "values[].path.extension", Kind.OPTIONAL,
          "values[].path.parent", Kind.OPTIONAL, "values[].type", Kind.OPTIONAL, "isLastPage", Kind.OPTIONAL),
        // which sides of a change exist only its type tells
        List.of(diff("values[].type"), filesOnly("values[].type"))),
      new Endpoint("activities", "GET " + PR + "/activities", () -> ownAll("/activities?limit=100"), ReplyVariants.members(
        "values", Kind.MAY_BE_EMPTY, "values[].comment", Kind.OPTIONAL, "values[].commentAnchor", Kind.OPTIONAL,
        "values[].comment.anchor", Kind.OPTIONAL, "values[].comment.threadResolved", Kind.OPTIONAL,
        "values[].comment.comments", Kind.MAY_BE_EMPTY, "values[].comment.author", Kind.OPTIONAL,
        "values[].comment.version", Kind.OPTIONAL, "values[].comment.text", Kind.OPTIONAL, "values[].comment.createdDate", Kind.OPTIONAL,
        "values[].commentAnchor.line", Kind.OPTIONAL, "values[].commentAnchor.lineType", Kind.OPTIONAL,
        "values[].commentAnchor.fileType", Kind.OPTIONAL, "values[].comment.anchor.line", Kind.OPTIONAL,
        "values[].user", Kind.OPTIONAL, "values[].commentAction", Kind.OPTIONAL, "isLastPage", Kind.OPTIONAL),
        List.of(threads())));
  }
}
