package dev.reviewgate.core.security;

import io.vertx.core.MultiMap;
import io.vertx.core.eventbus.DeliveryOptions;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Who a call comes from, as a front door established it from what the caller holds: the {@link Kind#AGENT agent}
 * (MCP tools: stdio, or HTTP with the token), a {@link Kind#SERVICE service} (a bridge with the token or a named
 * service credential) or the {@link Kind#PERSON person} (the dashboard, with the login cookie). Each front door
 * removes every header a client sent that starts with {@value #RESERVED_PREFIX} and stamps {@value #HEADER} on what
 * it puts on the bus, so a backend (on any cluster node) can tell the person's messages from everyone else's.
 *
 * @param name for a service, the credential's name ({@value #USER_TOKEN} for the per-user token); else null
 */
public record Caller(Kind kind, String name) {

  public static final String HEADER = "reviewgate-caller";
  public static final String RESERVED_PREFIX = "reviewgate-";
  /** The service name of whoever holds the per-user token (or {@code REVIEWGATE_TOKEN}). */
  public static final String USER_TOKEN = "token";

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,63}");

  public static final Caller AGENT = new Caller(Kind.AGENT, null);
  public static final Caller PERSON = new Caller(Kind.PERSON, null);

  /** The three kinds of caller, as the catalog's {@code callers} key names them. */
  public enum Kind {
    AGENT, SERVICE, PERSON;

    public String wire() {
      return name().toLowerCase(Locale.ROOT);
    }

    /** @throws IllegalArgumentException naming the accepted values */
    public static Kind fromWire(String value) {
      for (Kind kind : values()) {
        if (kind.wire().equals(value)) {
          return kind;
        }
      }
      throw new IllegalArgumentException("unknown caller '" + value + "'; the callers are agent, service and person");
    }
  }

  public Caller {
    if ((kind == Kind.SERVICE) != (name != null)) {
      throw new IllegalArgumentException("a service caller has a name, and only a service caller");
    }
    if (name != null && !NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("a service name is 1 to 64 letters, digits, '_', '.' or '-' (got '" + name + "')");
    }
  }

  public static Caller service(String name) {
    return new Caller(Kind.SERVICE, name);
  }

  /** The header value: {@code agent}, {@code person} or {@code service:<name>}. */
  public String wire() {
    return kind == Kind.SERVICE ? "service:" + name : kind.wire();
  }

  /** The caller a front door stamped on a message, if any (a malformed value counts as none). */
  public static Optional<Caller> of(MultiMap headers) {
    String value = headers == null ? null : headers.get(HEADER);
    if (value == null) {
      return Optional.empty();
    }
    try {
      return Optional.of(value.startsWith("service:") ? service(value.substring("service:".length()))
        : new Caller(Kind.fromWire(value), null));
    } catch (IllegalArgumentException malformed) {
      return Optional.empty();
    }
  }

  /** Stamps this caller on a message a front door sends (replacing any value already there). */
  public DeliveryOptions stamp(DeliveryOptions delivery) {
    if (delivery.getHeaders() != null) {
      delivery.getHeaders().remove(HEADER);
    }
    return delivery.addHeader(HEADER, wire());
  }

  /** Whether a client-supplied header name is one only front doors may set (compared ignoring case). */
  public static boolean reserved(String headerName) {
    return headerName.regionMatches(true, 0, RESERVED_PREFIX, 0, RESERVED_PREFIX.length());
  }
}
