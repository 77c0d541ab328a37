package dev.reviewgate.core.bus;

import dev.reviewgate.core.catalog.Exposure;
import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.catalog.ToolCatalog;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * What a bridge lets through, the same for every bridge (the dashboards' WebSocket bridge, the TCP bridge for
 * services): inbound, only the addresses of catalog tools exposed to that bridge; outbound, only event addresses
 * ({@code reviewgate.<area>.events…}). Nothing else passes either way.
 */
public final class BusExposure {

  /** Event addresses only: {@code reviewgate.review.events} and {@code reviewgate.review.events.<id>}. */
  public static final String OUTBOUND_REGEX = "reviewgate\\..*\\.events.*";

  private static final Pattern OUTBOUND = Pattern.compile(OUTBOUND_REGEX);

  private BusExposure() {
  }

  /** The tool addresses a bridge serving any of {@code exposures} may send to, sorted. */
  public static Set<String> inbound(ToolCatalog catalog, Set<Exposure> exposures) {
    Set<String> addresses = new TreeSet<>();
    for (Exposure exposure : exposures) {
      for (Tool tool : catalog.tools(exposure)) {
        addresses.add(tool.address());
      }
    }
    return addresses;
  }

  /** Whether a bridge client may receive what is published or sent to {@code address}. */
  public static boolean outbound(String address) {
    return address != null && OUTBOUND.matcher(address).matches();
  }
}
