package dev.reviewgate.app;

import dev.reviewgate.cluster.ClusterNode;
import dev.reviewgate.cluster.ClusterOptions;
import io.vertx.core.Vertx;
import java.util.Set;
import java.util.TreeSet;

/**
 * This process as a node: its Vert.x, the roles it serves, and, when clustered, its place in the cluster (null
 * otherwise). Unclustered, a process serves every role.
 */
record Node(Vertx vertx, Set<String> roles, ClusterNode cluster) {

  boolean front() {
    return roles.contains(ClusterOptions.FRONT);
  }

  /** The backend roles of the deployment table this node deploys. */
  Set<String> backendRoles() {
    Set<String> backends = new TreeSet<>(roles);
    backends.remove(ClusterOptions.FRONT);
    return backends;
  }

  boolean clustered() {
    return cluster != null;
  }
}
