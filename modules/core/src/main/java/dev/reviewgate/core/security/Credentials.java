package dev.reviewgate.core.security;

import dev.reviewgate.core.net.BearerToken;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The bearer credentials the bridges accept and whom each one names: the per-user token (or
 * {@code REVIEWGATE_TOKEN}) is the service {@value Caller#USER_TOKEN}; each entry of the {@code services} section
 * ({@code {"ci-bot": {"tokenEnv": "CI_BOT_TOKEN", "allow": ["github_update_pull_request_state"]}}}) is a named
 * service whose token is read from the environment variable it names, and whose {@code allow} list names tools it
 * may call beyond those the catalog opens to every service. A service whose variable is unset is not accepted
 * (and says so at start, see {@link #unset()}). Tokens are compared in constant time ({@link BearerToken}).
 */
public final class Credentials {

  /** A named service credential. */
  public record Service(String name, String tokenEnv, Set<String> allow) {
  }

  private record Entry(BearerToken token, Caller caller, Set<String> allow) {
  }

  private final List<Entry> entries;
  private final List<Service> unset;
  private final Map<String, Set<String>> grants;

  private Credentials(List<Entry> entries, List<Service> unset) {
    this.entries = List.copyOf(entries);
    this.unset = List.copyOf(unset);
    Map<String, Set<String>> byName = new java.util.TreeMap<>();
    entries.forEach(entry -> byName.put(entry.caller().name(), entry.allow()));
    this.grants = Map.copyOf(byName);
  }

  /** Only the per-user token. */
  public static Credentials userToken(String token) {
    return new Credentials(List.of(new Entry(new BearerToken(token), Caller.service(Caller.USER_TOKEN), Set.of())), List.of());
  }

  /**
   * The per-user token and the services of the {@code services} section.
   *
   * @throws IllegalArgumentException naming the entry and what to fix, for a malformed section
   */
  public static Credentials from(String userToken, JsonObject services, Map<String, String> environment) {
    List<Entry> entries = new ArrayList<>(userToken(userToken).entries);
    List<Service> unset = new ArrayList<>();
    for (Service service : parse(services)) {
      String token = environment.get(service.tokenEnv());
      if (token == null || token.isBlank()) {
        unset.add(service);
      } else if (token.equals(userToken)) {
        throw new IllegalArgumentException("services." + service.name() + ": $" + service.tokenEnv() + " holds the "
          + "reviewgate token itself; give each service its own secret");
      } else {
        entries.add(new Entry(new BearerToken(token), Caller.service(service.name()), service.allow()));
      }
    }
    return new Credentials(entries, unset);
  }

  /** The entries of a {@code services} section (null: none). */
  public static List<Service> parse(JsonObject services) {
    List<Service> parsed = new ArrayList<>();
    if (services == null) {
      return parsed;
    }
    for (String name : services.fieldNames()) {
      String where = "services." + name;
      if (name.equals(Caller.USER_TOKEN)) {
        throw new IllegalArgumentException(where + ": the name '" + Caller.USER_TOKEN + "' is the per-user token's; choose another");
      }
      try {
        Caller.service(name);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(where + ": " + e.getMessage());
      }
      if (!(services.getValue(name) instanceof JsonObject entry)) {
        throw new IllegalArgumentException(where + " must be an object {\"tokenEnv\": \"VARIABLE\", \"allow\": [tool, ...]}");
      }
      if (!(entry.getValue("tokenEnv") instanceof String tokenEnv) || tokenEnv.isBlank()) {
        throw new IllegalArgumentException(where + ".tokenEnv must name the environment variable holding its token");
      }
      Object allowValue = entry.getValue("allow", new JsonArray());
      if (!(allowValue instanceof JsonArray allowArray) || allowArray.stream().anyMatch(v -> !(v instanceof String))) {
        throw new IllegalArgumentException(where + ".allow must be a list of tool names");
      }
      Set<String> allow = new LinkedHashSet<>();
      allowArray.forEach(v -> allow.add((String) v));
      for (String key : entry.fieldNames()) {
        if (!key.equals("tokenEnv") && !key.equals("allow")) {
          throw new IllegalArgumentException(where + ": unknown key '" + key + "' (the keys are tokenEnv and allow)");
        }
      }
      parsed.add(new Service(name, tokenEnv, Set.copyOf(allow)));
    }
    return parsed;
  }

  /** Whom an {@code Authorization: Bearer …} value names, if anyone. */
  public Optional<Caller> fromHeader(String authorization) {
    return entries.stream().filter(e -> e.token().matchesHeader(authorization)).map(Entry::caller).findFirst();
  }

  /** Whom a bare token (e.g. a query parameter) names, if anyone. */
  public Optional<Caller> fromToken(String token) {
    return entries.stream().filter(e -> e.token().matches(token)).map(Entry::caller).findFirst();
  }

  /** The tools a service may call beyond those the catalog opens to every service. */
  public Set<String> grants(Caller caller) {
    return caller.kind() == Caller.Kind.SERVICE ? grants.getOrDefault(caller.name(), Set.of()) : Set.of();
  }

  /** Configured services whose token variable is not set (so they cannot connect). */
  public List<Service> unset() {
    return unset;
  }
}
