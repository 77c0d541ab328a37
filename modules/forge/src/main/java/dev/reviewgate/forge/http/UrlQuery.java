package dev.reviewgate.forge.http;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.StringJoiner;

/** A forge URL's parts encoded as REST APIs read them: {@code %20} for a space, query members without a value left out. */
public final class UrlQuery {

  private UrlQuery() {
  }

  /** One path segment or query value, percent-encoded. */
  public static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
  }

  /** {@code base + path}, then {@code ?k=v&…} of the members whose value is not null (nothing when none is). */
  public static String url(String base, String path, Map<String, String> query) {
    StringJoiner q = new StringJoiner("&", "?", "").setEmptyValue("");
    query.forEach((k, v) -> {
      if (v != null) {
        q.add(encode(k) + "=" + encode(v));
      }
    });
    return base + path + q;
  }
}
