package dev.reviewgate.forge.http;

/**
 * The options of a forge whose diffs are made from fetched file versions (Azure DevOps, GitLab): its HTTP settings
 * and its blob settings, and the four values its diff pipeline reads by name.
 */
public interface BlobForgeOptions {

  ForgeHttpOptions http();

  ForgeBlobOptions blobs();

  default long timeoutMs() {
    return http().timeoutMs();
  }

  default int maxConcurrentBlobs() {
    return blobs().maxConcurrentBlobs();
  }

  default int maxBlobBytes() {
    return blobs().maxBlobBytes();
  }

  default int maxChanges() {
    return blobs().maxChanges();
  }
}
