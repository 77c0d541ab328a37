package dev.reviewgate.ado;

import dev.reviewgate.forge.json.ForgeEndpoint;

/**
 * The Azure DevOps Git REST 7.1 endpoints whose replies this module reads, named as the reference names them, for the
 * errors and warnings about what a reply lacks.
 */
final class AdoEndpoints {

  static final String FORGE = "Azure DevOps";
  private static final String REPOSITORY = "{project}/_apis/git/repositories/{repositoryId}";
  private static final String PULL = REPOSITORY + "/pullRequests/{pullRequestId}";

  static final ForgeEndpoint PULL_REQUEST = get(REPOSITORY + "/pullrequests/{pullRequestId}");
  static final ForgeEndpoint PULL_REQUESTS = get(REPOSITORY + "/pullrequests");
  static final ForgeEndpoint WORK_ITEMS = get(PULL + "/workitems");
  static final ForgeEndpoint COMMITS = get(PULL + "/commits");
  static final ForgeEndpoint STATUSES = get(PULL + "/statuses");
  static final ForgeEndpoint ITERATIONS = get(PULL + "/iterations");
  static final ForgeEndpoint ITERATION_CHANGES = get(PULL + "/iterations/{iterationId}/changes");
  static final ForgeEndpoint THREADS = get(PULL + "/threads");
  static final ForgeEndpoint THREAD = get(PULL + "/threads/{threadId}");
  static final ForgeEndpoint THREAD_UPDATE = new ForgeEndpoint(FORGE, "PATCH " + PULL + "/threads/{threadId}");
  static final ForgeEndpoint COMMENT_CREATE = new ForgeEndpoint(FORGE, "POST " + PULL + "/threads/{threadId}/comments");
  static final ForgeEndpoint CONNECTION_DATA = get("_apis/connectionData");

  private AdoEndpoints() {
  }

  private static ForgeEndpoint get(String path) {
    return new ForgeEndpoint(FORGE, "GET " + path);
  }
}
