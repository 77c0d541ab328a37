package dev.reviewgate.core.net;

import java.util.Locale;
import java.util.regex.Pattern;

/** Names and literals of the local machine, as they appear in bind addresses and in Host / Origin headers. */
public final class Loopback {

  /** Compiled once: every request's Host and Origin are checked against it. */
  private static final Pattern IPV4_LOOPBACK = Pattern.compile("127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}");

  private Loopback() {
  }

  /** True for {@code localhost}, {@code 127.0.0.0/8} and {@code ::1} (bracketed or not). */
  public static boolean isLoopbackHost(String host) {
    String h = host.toLowerCase(Locale.ROOT);
    if (h.startsWith("[") && h.endsWith("]")) {
      h = h.substring(1, h.length() - 1);
    }
    return h.equals("localhost") || h.endsWith(".localhost") || h.equals("::1") || h.equals("0:0:0:0:0:0:0:1")
      || IPV4_LOOPBACK.matcher(h).matches();
  }

  /** True for the wildcard bind addresses, which listen on every interface. */
  public static boolean isWildcard(String host) {
    return host.equals("0.0.0.0") || host.equals("::") || host.equals("[::]");
  }

  /** Host names compared as URIs and Host headers spell them: case-insensitive, IPv6 brackets optional. */
  public static boolean sameHost(String a, String b) {
    return strip(a).equalsIgnoreCase(strip(b));
  }

  private static String strip(String host) {
    return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
  }

  /** The host as it goes into a URL: IPv6 literals in brackets. */
  public static String forUrl(String host) {
    return host.contains(":") ? "[" + host + "]" : host;
  }
}
