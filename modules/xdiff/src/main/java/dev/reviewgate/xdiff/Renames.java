package dev.reviewgate.xdiff;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Rename detection with git's rules for {@code diff -M} (diffcore-rename), so the pairs and similarity indexes
 * match what git prints: exact matches first (each deleted file used at most once, same basename preferred),
 * then files whose basename is unique on both sides at a higher bar, then the similarity matrix with the four
 * best candidates per destination, skipped when sources × destinations exceed the limit squared. No copies.
 */
public final class Renames {

  /** git's MAX_SCORE: similarity scores run from 0 to this. */
  public static final int MAX_SCORE = 60000;
  private static final int CANDIDATES_PER_DESTINATION = 4;

  private final Blobs blobs;
  private final DiffAttributes attributes;
  private final int minimumScore;
  private final int limit;
  private final CancelCheck cancellation;

  /** @param thresholdPercent git's -M threshold (50 by default); @param limit diff.renameLimit (1000 by default) */
  /** Rename detection for blobs outside any tree: no attributes, nothing that cancels. */
  public Renames(Blobs blobs, int thresholdPercent, int limit) {
    this(blobs, DiffAttributes.none(), thresholdPercent, limit, CancelCheck.NEVER);
  }

  public Renames(Blobs blobs, DiffAttributes attributes, int thresholdPercent, int limit, CancelCheck cancellation) {
    this.blobs = blobs;
    this.attributes = attributes;
    this.minimumScore = thresholdPercent * (MAX_SCORE / 100);
    this.limit = limit <= 0 ? 32767 : limit;
    this.cancellation = cancellation;
  }

  /** Pairs deletions with additions; the result keeps git's order (a rename sits where its new path was). */
  public List<FileChange> detect(List<FileChange> changes) {
    FileChange[] aligned = aligned(changes);
    List<FileChange> out = new ArrayList<>(changes.size());
    for (FileChange change : aligned) {
      if (change != null) {
        out.add(change);
      }
    }
    return out;
  }

  /** Whether rename detection may change or drop {@code change}: only additions and deletions are paired. */
  public static boolean mayPair(FileChange change) {
    return change.status() == FileChange.Status.ADDED || change.status() == FileChange.Status.DELETED;
  }

  /**
   * As {@link #detect}, one element per element of {@code changes}: the change itself, the rename an addition
   * became, or null for a deletion that became part of a rename. Lets a caller cut the list before the renames are
   * known and write every change that {@link #mayPair} says is unaffected meanwhile.
   */
  public FileChange[] aligned(List<FileChange> changes) {
    FileChange[] out = changes.toArray(new FileChange[0]);
    List<Integer> sources = new ArrayList<>();
    List<Integer> destinations = new ArrayList<>();
    for (int i = 0; i < changes.size(); i++) {
      FileChange change = changes.get(i);
      if (change.status() == FileChange.Status.DELETED) {
        sources.add(i);
      } else if (change.status() == FileChange.Status.ADDED) {
        destinations.add(i);
      }
    }
    if (sources.isEmpty() || destinations.isEmpty()) {
      return out;
    }
    int[] sourceOf = new int[changes.size()];
    int[] scoreOf = new int[changes.size()];
    Arrays.fill(sourceOf, -1);
    boolean[] used = new boolean[changes.size()];

    exact(changes, sources, destinations, sourceOf, scoreOf, used);
    List<Integer> remainingSources = unused(sources, used);
    basenames(changes, remainingSources, destinations, sourceOf, scoreOf, used);
    remainingSources = unused(remainingSources, used);
    List<Integer> remainingDestinations = new ArrayList<>();
    for (int d : destinations) {
      if (sourceOf[d] < 0) {
        remainingDestinations.add(d);
      }
    }
    if (!remainingSources.isEmpty() && !remainingDestinations.isEmpty()
      && !tooMany(remainingDestinations.size(), remainingSources.size())) {
      matrix(changes, remainingSources, remainingDestinations, sourceOf, scoreOf, used);
    }

    for (int i = 0; i < changes.size(); i++) {
      FileChange change = changes.get(i);
      if (change.status() == FileChange.Status.DELETED && used[i]) {
        out[i] = null;
      } else if (change.status() == FileChange.Status.ADDED && sourceOf[i] >= 0) {
        out[i] = change.renamedFrom(changes.get(sourceOf[i]), scoreOf[i]);
      }
    }
    return out;
  }

  private static List<Integer> unused(List<Integer> sources, boolean[] used) {
    List<Integer> out = new ArrayList<>();
    for (int s : sources) {
      if (!used[s]) {
        out.add(s);
      }
    }
    return out;
  }

  private boolean tooMany(long destinations, long sources) {
    return !((destinations <= limit || sources <= limit) && destinations * sources <= (long) limit * limit);
  }

  private void exact(List<FileChange> changes, List<Integer> sources, List<Integer> destinations,
                     int[] sourceOf, int[] scoreOf, boolean[] used) {
    Map<org.eclipse.jgit.lib.ObjectId, List<Integer>> byBlob = new HashMap<>();
    for (int s : sources) {
      byBlob.computeIfAbsent(changes.get(s).oldId(), k -> new ArrayList<>()).add(s);
    }
    for (int d : destinations) {
      FileChange target = changes.get(d);
      List<Integer> candidates = byBlob.get(target.newId());
      if (candidates == null) {
        continue;
      }
      int best = -1;
      int bestScore = -1;
      for (int s : candidates) {
        FileChange source = changes.get(s);
        if ((!FileChange.isRegular(source.oldMode()) || !FileChange.isRegular(target.newMode()))
          && source.oldMode() != target.newMode()) {
          continue;
        }
        if (used[s]) {
          continue;
        }
        int score = 1 + (sameBasename(source.oldPath(), target.newPath()) ? 1 : 0);
        if (score > bestScore) {
          best = s;
          bestScore = score;
          if (score == 2) {
            break;
          }
        }
      }
      if (best >= 0) {
        sourceOf[d] = best;
        scoreOf[d] = MAX_SCORE;
        used[best] = true;
      }
    }
  }

  private void basenames(List<FileChange> changes, List<Integer> sources, List<Integer> destinations,
                         int[] sourceOf, int[] scoreOf, boolean[] used) {
    int bar = minimumScore + (MAX_SCORE - minimumScore) / 2;
    Map<String, Integer> sourceByName = new HashMap<>();
    for (int s : sources) {
      sourceByName.merge(basename(changes.get(s).oldPath()), s, (a, b) -> -1);
    }
    Map<String, Integer> destinationByName = new HashMap<>();
    for (int d : destinations) {
      if (sourceOf[d] < 0) {
        destinationByName.merge(basename(changes.get(d).newPath()), d, (a, b) -> -1);
      }
    }
    for (int s : sources) {
      cancellation.check();
      String name = basename(changes.get(s).oldPath());
      Integer d = destinationByName.get(name);
      if (d == null || d < 0 || sourceByName.get(name) != s || sourceOf[d] >= 0) {
        continue;
      }
      int score = similarity(changes.get(s), changes.get(d), bar);
      if (score < bar) {
        continue;
      }
      sourceOf[d] = s;
      scoreOf[d] = score;
      used[s] = true;
    }
  }

  private record Candidate(int destination, int source, int score, int nameScore) {
    static final Candidate EMPTY = new Candidate(-1, -1, 0, 0);
  }

  /** git's score_compare: negative when {@code a} ranks before {@code b}; empty slots sink. */
  private static int compare(Candidate a, Candidate b) {
    if (a.destination < 0) {
      return 0 <= b.destination ? 1 : 0;
    }
    if (b.destination < 0) {
      return -1;
    }
    if (a.score == b.score) {
      return b.nameScore - a.nameScore;
    }
    return b.score - a.score;
  }

  private void matrix(List<FileChange> changes, List<Integer> sources, List<Integer> destinations,
                      int[] sourceOf, int[] scoreOf, boolean[] used) {
    Candidate[] all = new Candidate[destinations.size() * CANDIDATES_PER_DESTINATION];
    String[] sourceNames = new String[sources.size()]; // once, not once per pair
    for (int j = 0; j < sources.size(); j++) {
      sourceNames[j] = basename(changes.get(sources.get(j)).oldPath());
    }
    for (int i = 0; i < destinations.size(); i++) {
      int d = destinations.get(i);
      String destinationName = basename(changes.get(d).newPath());
      Candidate[] slots = new Candidate[CANDIDATES_PER_DESTINATION];
      Arrays.fill(slots, Candidate.EMPTY);
      for (int j = 0; j < sources.size(); j++) {
        int s = sources.get(j);
        cancellation.check();
        int score = similarity(changes.get(s), changes.get(d), minimumScore);
        int nameScore = sourceNames[j].equals(destinationName) ? 1 : 0;
        int worst = 0;
        for (int k = 1; k < slots.length; k++) {
          if (compare(slots[k], slots[worst]) > 0) {
            worst = k;
          }
        }
        // compare(slots[worst], this pair) > 0 without making the pair's Candidate: most pairs are not kept.
        Candidate kept = slots[worst];
        if (kept.destination < 0 || (kept.score == score ? nameScore > kept.nameScore : score > kept.score)) {
          slots[worst] = new Candidate(d, s, score, nameScore);
        }
      }
      System.arraycopy(slots, 0, all, i * CANDIDATES_PER_DESTINATION, CANDIDATES_PER_DESTINATION);
    }
    Arrays.sort(all, Renames::compare); // stable, like git's STABLE_QSORT
    for (Candidate candidate : all) {
      if (candidate.destination < 0 || candidate.score < minimumScore) {
        break;
      }
      if (sourceOf[candidate.destination] >= 0 || used[candidate.source]) {
        continue;
      }
      sourceOf[candidate.destination] = candidate.source;
      scoreOf[candidate.destination] = candidate.score;
      used[candidate.source] = true;
    }
  }

  /** git's estimate_similarity: share of the larger file found in both, 0 when the sizes differ too much. */
  private int similarity(FileChange source, FileChange destination, int bar) {
    if (!FileChange.isRegular(source.oldMode()) || !FileChange.isRegular(destination.newMode())) {
      return 0;
    }
    long sourceSize = blobs.size(source.oldId());
    long destinationSize = blobs.size(destination.newId());
    long max = Math.max(sourceSize, destinationSize);
    long base = Math.min(sourceSize, destinationSize);
    long delta = max - base;
    if ((double) max * (MAX_SCORE - bar) < (double) delta * MAX_SCORE) {
      return 0;
    }
    if (blobs.tooBig(source.oldId()) || blobs.tooBig(destination.newId())) {
      return 0;
    }
    SpanHash from = spans(source.oldId(), source.oldPath(), source.oldMode());
    SpanHash to = spans(destination.newId(), destination.newPath(), destination.newMode());
    if (destinationSize == 0) {
      return 0;
    }
    return (int) (from.copiedTo(to) * (double) MAX_SCORE / max);
  }

  private SpanHash spans(org.eclipse.jgit.lib.ObjectId id, String path, int mode) {
    SpanHash known = blobs.knownSpans(id);
    return known != null ? known : blobs.spans(id, isText(path, mode, id));
  }

  private boolean isText(String path, int mode, org.eclipse.jgit.lib.ObjectId id) {
    return switch (attributes.verdict(path, mode)) {
      case TEXT -> true;
      case BINARY -> false;
      case CONTENT -> !Blobs.looksBinary(blobs.bytes(id));
    };
  }

  static String basename(String path) {
    int slash = path.lastIndexOf('/');
    return slash < 0 ? path : path.substring(slash + 1);
  }

  private static boolean sameBasename(String a, String b) {
    return basename(a).equals(basename(b));
  }
}
