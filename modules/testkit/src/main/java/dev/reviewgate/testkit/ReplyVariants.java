package dev.reviewgate.testkit;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Replies a forge may send for one endpoint, made from one full reply and what the forge's API reference says of its
 * members: each member it marks nullable set to null, each member it marks optional left out, each array it returns
 * emptied, one variant with all of these at once, and an unknown member added to every object of every variant. A
 * client that reads a documented-nullable member as required fails on one of them.
 *
 * <p>A member is named by a path of dotted names from the reply's top; {@code []} stands for every element of an
 * array, e.g. {@code [].position.line_range} (each discussion's each note's …) or {@code head.repo}.
 */
public final class ReplyVariants {

  /** What the API reference says of a member. */
  public enum Kind {
    /** May be {@code null}. */
    NULLABLE,
    /** May be absent. */
    OPTIONAL,
    /** May be null or absent (GitLab documents many members this loosely). */
    NULLABLE_OR_ABSENT,
    /** An array that may be empty. */
    MAY_BE_EMPTY
  }

  /** One reply: its name says what was changed, for a failing test's message. */
  public record Variant(String name, Object body) {
  }

  /** The name of the member added to every object: a forge adds members without notice. */
  public static final String UNKNOWN_MEMBER = "x_added_by_the_forge_later";

  private ReplyVariants() {
  }

  /**
   * The variants of {@code full} (a {@link JsonObject} or {@link JsonArray}; left unchanged) for the members in
   * {@code members}, in order, then the one with all of them together. Each has the unknown member added. A path
   * that matches nothing in {@code full} is an error of the test, reported at once.
   */
  public static List<Variant> of(Object full, Map<String, Kind> members) {
    List<Variant> out = new ArrayList<>();
    out.add(new Variant("as sent, with unknown members", withUnknown(copy(full))));
    Object all = copy(full);
    for (Map.Entry<String, Kind> e : members.entrySet()) {
      String path = e.getKey();
      if (!matches(full, path)) {
        throw new IllegalArgumentException("no member " + path + " in the full reply: the fixture must carry every member "
          + "its variants change");
      }
      switch (e.getValue()) {
        case NULLABLE -> out.add(new Variant(path + " null", withUnknown(change(copy(full), path, Change.NULL))));
        case OPTIONAL -> out.add(new Variant(path + " absent", withUnknown(change(copy(full), path, Change.ABSENT))));
        case NULLABLE_OR_ABSENT -> {
          out.add(new Variant(path + " null", withUnknown(change(copy(full), path, Change.NULL))));
          out.add(new Variant(path + " absent", withUnknown(change(copy(full), path, Change.ABSENT))));
        }
        case MAY_BE_EMPTY -> out.add(new Variant(path + " empty", withUnknown(change(copy(full), path, Change.EMPTY))));
      }
    }
    // All at once: the deepest first, so a parent set to null does not hide its children's changes from the path walk.
    List<Map.Entry<String, Kind>> deepestFirst = new ArrayList<>(members.entrySet());
    deepestFirst.sort((a, b) -> Integer.compare(depth(b.getKey()), depth(a.getKey())));
    for (Map.Entry<String, Kind> e : deepestFirst) {
      Change change = switch (e.getValue()) {
        case NULLABLE, NULLABLE_OR_ABSENT -> Change.NULL;
        case OPTIONAL -> Change.ABSENT;
        case MAY_BE_EMPTY -> Change.EMPTY;
      };
      all = change(all, e.getKey(), change);
    }
    out.add(new Variant("every listed member null, absent or empty", withUnknown(all)));
    return out;
  }

  /** Convenience for building the member table in order. */
  public static Map<String, Kind> members(Object... pathsAndKinds) {
    Map<String, Kind> out = new LinkedHashMap<>();
    for (int i = 0; i + 1 < pathsAndKinds.length; i += 2) {
      out.put((String) pathsAndKinds[i], (Kind) pathsAndKinds[i + 1]);
    }
    return out;
  }

  private enum Change { NULL, ABSENT, EMPTY }

  private static int depth(String path) {
    return path.split("\\.").length;
  }

  private static Object copy(Object json) {
    if (json instanceof JsonObject o) {
      return o.copy();
    }
    if (json instanceof JsonArray a) {
      return a.copy();
    }
    throw new IllegalArgumentException("a reply is a JSON object or array");
  }

  private static boolean matches(Object node, String path) {
    List<Object> parents = new ArrayList<>();
    String last = walk(node, path, parents);
    for (Object parent : parents) {
      if (last.equals("[]") ? parent instanceof JsonArray : parent instanceof JsonObject o && o.containsKey(last)) {
        return true;
      }
    }
    return false;
  }

  private static Object change(Object root, String path, Change change) {
    List<Object> parents = new ArrayList<>();
    String last = walk(root, path, parents);
    for (Object parent : parents) {
      if (parent instanceof JsonObject o && o.containsKey(last)) {
        switch (change) {
          case NULL -> o.putNull(last);
          case ABSENT -> o.remove(last);
          case EMPTY -> {
            if (o.getValue(last) instanceof JsonArray) {
              o.put(last, new JsonArray());
            }
          }
        }
      } else if (parent instanceof JsonArray a && last.equals("[]")) {
        if (change == Change.EMPTY) {
          a.clear();
        } else {
          for (int i = 0; i < a.size(); i++) {
            a.set(i, (Object) null);
          }
        }
      }
    }
    return root;
  }

  /** Collects the containers that hold the path's last step; returns that step. */
  private static String walk(Object root, String path, List<Object> parents) {
    String[] steps = path.replace("[]", ".[]").replaceAll("^\\.", "").split("\\.");
    List<Object> level = List.of(root);
    for (int s = 0; s < steps.length - 1; s++) {
      List<Object> next = new ArrayList<>();
      for (Object node : level) {
        if (steps[s].equals("[]")) {
          if (node instanceof JsonArray a) {
            a.forEach(next::add);
          }
        } else if (node instanceof JsonObject o && o.getValue(steps[s]) != null) {
          next.add(o.getValue(steps[s]));
        }
      }
      level = next;
    }
    parents.addAll(level);
    return steps[steps.length - 1];
  }

  private static Object withUnknown(Object node) {
    if (node instanceof JsonObject o) {
      for (String key : List.copyOf(o.fieldNames())) {
        withUnknown(o.getValue(key));
      }
      o.put(UNKNOWN_MEMBER, new JsonObject().put("kind", "unknown").put("values", new JsonArray().add(1).add("two")));
    } else if (node instanceof JsonArray a) {
      a.forEach(ReplyVariants::withUnknown);
    }
    return node;
  }

  /**
   * The member of {@code needs} a variant leaves out, or null when it keeps them all: one the variant is named after,
   * or any listed one when every member was emptied ({@code keptAnyway} names those that stay readable even then).
   */
  public static String lacking(java.util.Collection<String> needs, Map<String, Kind> members, Variant variant,
                               java.util.function.Predicate<String> keptAnyway) {
    return needs.stream().filter(members::containsKey).filter(m -> variant.name().startsWith(m + " ")
      || variant.name().startsWith("every listed member") && !keptAnyway.test(m)).findFirst().orElse(null);
  }

  /**
   * One read of a variant held to the contract: a call whose reply lacks a member it needs fails as UPSTREAM with a
   * message naming the forge, the endpoint and the member; every other call answers.
   *
   * @param lacking what {@link #lacking} found, or null
   */
  public static void expectRead(String forge, String endpoint, Object call, Variant variant, String lacking, Runnable read) {
    try {
      read.run();
    } catch (dev.reviewgate.core.ToolException e) {
      String member = lacking == null ? null : lacking.substring(lacking.lastIndexOf('.') + 1);
      if (lacking == null) {
        throw new AssertionError(call + " failed on " + variant.name() + ": " + e.getMessage(), e);
      }
      if (e.code() != dev.reviewgate.core.Failure.UPSTREAM || !e.getMessage().contains(forge)
        || !e.getMessage().contains(endpoint) || !e.getMessage().contains(member)) {
        throw new AssertionError(call + " on " + variant.name() + " failed with [" + e.code() + "] " + e.getMessage()
          + "; expected UPSTREAM naming " + forge + ", " + endpoint + " and " + member, e);
      }
      return;
    }
    if (lacking != null) {
      throw new AssertionError(call + " answered although " + variant.name() + " lacks " + lacking);
    }
  }
}
