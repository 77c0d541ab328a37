package dev.reviewgate.forge.json;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * One JSON object of a forge's reply, read with the forge's own nullability: a member the API reference marks
 * nullable or optional is read with an {@code opt…} method and may be {@code null} or absent; a member the call cannot
 * do without is read with a plain method, and its lack is a {@link ForgeDataException} that names the forge, the
 * endpoint and the member's path (e.g. {@code position.line_range.start.line_code}). Unknown members are ignored. A
 * member of the wrong JSON type is treated as the forge would have it read: an error for a required one, and
 * {@code null} for an optional one (with the same reasoning a client of the forge would apply: it is not there in a
 * form we can use).
 */
public final class Fields {

  private final JsonObject json;
  private final ForgeEndpoint endpoint;
  private final String path;

  private Fields(JsonObject json, ForgeEndpoint endpoint, String path) {
    this.json = json;
    this.endpoint = endpoint;
    this.path = path;
  }

  /** The top-level object of {@code endpoint}'s reply. */
  public static Fields of(ForgeEndpoint endpoint, JsonObject json) {
    if (json == null) {
      throw new ForgeDataException(endpoint, "(reply)", "is empty or null where an object was expected");
    }
    return new Fields(json, endpoint, "");
  }

  /** The objects of a top-level array reply; elements that are not objects (null included) are skipped. */
  public static List<Fields> ofArray(ForgeEndpoint endpoint, JsonArray array) {
    if (array == null) {
      return List.of();
    }
    List<Fields> out = new ArrayList<>(array.size());
    for (int i = 0; i < array.size(); i++) {
      if (array.getValue(i) instanceof JsonObject o) {
        out.add(new Fields(o, endpoint, "[" + i + "]"));
      }
    }
    return out;
  }

  /** The object as the forge sent it (for members passed on verbatim). */
  public JsonObject raw() {
    return json;
  }

  public ForgeEndpoint endpoint() {
    return endpoint;
  }

  /** Whether the member is present with a non-null value. */
  public boolean has(String name) {
    return json.getValue(name) != null;
  }

  // --- required members ----------------------------------------------------------------------------------------

  public String string(String name) {
    String value = optString(name);
    if (value == null) {
      throw missing(name, "a string");
    }
    return value;
  }

  public long longValue(String name) {
    Long value = optLong(name);
    if (value == null) {
      throw missing(name, "a number");
    }
    return value;
  }

  public int intValue(String name) {
    Integer value = optInt(name);
    if (value == null) {
      throw missing(name, "a number");
    }
    return value;
  }

  public Fields object(String name) {
    Fields value = optObject(name);
    if (value == null) {
      throw missing(name, "an object");
    }
    return value;
  }

  // --- nullable or optional members ----------------------------------------------------------------------------

  /** A string, or null when the member is null, absent or not a string. */
  public String optString(String name) {
    return json.getValue(name) instanceof CharSequence s ? s.toString() : null;
  }

  /** A string, or {@code fallback} when the member is null, absent or not a string. */
  public String optString(String name, String fallback) {
    String value = optString(name);
    return value == null ? fallback : value;
  }

  /** A whole number, or null when the member is null, absent, not a number or not whole. */
  public Long optLong(String name) {
    Object value = json.getValue(name);
    if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
      return ((Number) value).longValue();
    }
    if (value instanceof Number n) {
      double d = n.doubleValue();
      return d == Math.rint(d) && !Double.isInfinite(d) ? (long) d : null;
    }
    return null;
  }

  /** A whole number that fits an int, or null otherwise. */
  public Integer optInt(String name) {
    Long value = optLong(name);
    return value == null || value < Integer.MIN_VALUE || value > Integer.MAX_VALUE ? null : value.intValue();
  }

  /** A boolean, or null when the member is null, absent or not a boolean. */
  public Boolean optBoolean(String name) {
    return json.getValue(name) instanceof Boolean b ? b : null;
  }

  public boolean bool(String name, boolean fallback) {
    Boolean value = optBoolean(name);
    return value == null ? fallback : value;
  }

  /** A nested object, or null when the member is null, absent or not an object. */
  public Fields optObject(String name) {
    return json.getValue(name) instanceof JsonObject o ? new Fields(o, endpoint, child(name)) : null;
  }

  /** The objects of an array member; empty when the member is null, absent or not an array; non-objects skipped. */
  public List<Fields> objects(String name) {
    if (!(json.getValue(name) instanceof JsonArray array)) {
      return List.of();
    }
    List<Fields> out = new ArrayList<>(array.size());
    for (int i = 0; i < array.size(); i++) {
      if (array.getValue(i) instanceof JsonObject o) {
        out.add(new Fields(o, endpoint, child(name) + "[" + i + "]"));
      }
    }
    return out;
  }

  /** The strings of an array member; empty when the member is null, absent or not an array; non-strings skipped. */
  public List<String> strings(String name) {
    if (!(json.getValue(name) instanceof JsonArray array)) {
      return List.of();
    }
    List<String> out = new ArrayList<>(array.size());
    for (Object o : array) {
      if (o instanceof CharSequence s) {
        out.add(s.toString());
      }
    }
    return out;
  }

  /** Each object of an array member mapped, in order. */
  public <T> List<T> objects(String name, Function<Fields, T> mapper) {
    List<Fields> all = objects(name);
    List<T> out = new ArrayList<>(all.size());
    for (Fields f : all) {
      out.add(mapper.apply(f));
    }
    return out;
  }

  /** The dotted path of a member of this object, for messages. */
  public String pathOf(String name) {
    return child(name);
  }

  /** The error for a member this call cannot do without, for a mapping that checks more than presence. */
  public ForgeDataException missing(String name, String expected) {
    Object value = json.getValue(name);
    String problem = !json.containsKey(name) ? "is absent" : value == null ? "is null" : "is not " + expected;
    return new ForgeDataException(endpoint, child(name), problem);
  }

  private String child(String name) {
    return path.isEmpty() ? name : path + "." + name;
  }
}
