package dev.reviewgate.dashboard.security;

import java.util.Locale;

/** Names and literals of the local machine, as they appear in bind addresses and in Host / Origin headers. */
public final class Loopback {

  private Loopback() {
  }

  /** True for {@code localhost}, {@code 127.0.0.0/8} and {@code ::1} (bracketed or not). */
  public static boolean isLoopbackHost(String host) {
    String h = host.toLowerCase(Locale.ROOT);
    if (h.startsWith("[") && h.endsWith("]")) {
      h = h.substring(1, h.length() - 1);
    }
    return h.equals("localhost") || h.endsWith(".localhost") || h.equals("::1") || h.equals("0:0:0:0:0:0:0:1")
      || h.matches("127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}");
  }

  /** True for the wildcard bind addresses, which listen on every interface. */
  public static boolean isWildcard(String host) {
    return host.equals("0.0.0.0") || host.equals("::") || host.equals("[::]");
  }

  /** The host part of an authority such as {@code localhost:7420}, {@code [::1]:7420} or {@code example.com}. */
  public static String hostOf(String authority) {
    String a = authority.trim();
    if (a.startsWith("[")) {
      int end = a.indexOf(']');
      return end < 0 ? a : a.substring(0, end + 1);
    }
    int colon = a.indexOf(':');
    return colon < 0 ? a : a.substring(0, colon);
  }
}
