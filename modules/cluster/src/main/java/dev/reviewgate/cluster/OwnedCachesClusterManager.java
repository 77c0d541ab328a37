package dev.reviewgate.cluster;

import io.vertx.core.Completable;
import io.vertx.ext.cluster.infinispan.InfinispanClusterManager;
import org.infinispan.manager.DefaultCacheManager;

/**
 * Vert.x's Infinispan cluster manager on caches this node started itself (so that their JGroups stack is ours), which
 * also stops them when Vert.x leaves the cluster: the cluster manager leaves a cache manager it was given running.
 */
final class OwnedCachesClusterManager extends InfinispanClusterManager {

  private final DefaultCacheManager caches;

  OwnedCachesClusterManager(DefaultCacheManager caches) {
    super(caches);
    this.caches = caches;
  }

  /** The replicated cache of {@link NodeDirectory}. */
  org.infinispan.Cache<String, String> directory() {
    return caches.getCache(NodeDirectory.MAP);
  }

  @Override
  public void leave(Completable<Void> completion) {
    super.leave((left, failure) -> {
      // Stopping says goodbye to the others at once (a clean leave), instead of their failure detection noticing.
      Thread stopper = new Thread(() -> {
        try {
          caches.stop();
        } finally {
          completion.complete(left, failure);
        }
      }, "reviewgate-cluster-leave");
      stopper.setDaemon(true);
      stopper.start();
    });
  }
}
