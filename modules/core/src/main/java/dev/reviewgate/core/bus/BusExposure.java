package dev.reviewgate.core.bus;

import dev.reviewgate.core.catalog.Exposure;
import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.security.Caller;
import dev.reviewgate.core.security.Credentials;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * What a bridge lets through, the same for every bridge (the dashboards' WebSocket bridge, the TCP bridge for
 * services): inbound, only the addresses of catalog tools exposed to that bridge that the connection's caller may
 * call (the catalog's {@code callers}, plus what a service credential's {@code allow} grants); outbound, only real
 * event addresses ({@code reviewgate.<area>.events} and {@code reviewgate.<area>.events.<id>}, for an area of the
 * catalog and an id such as a review's). Nothing else passes either way.
 */
public final class BusExposure {

  /** The areas whose events exist; an address naming any other area is refused. */
  public static final Set<String> EVENT_AREAS = Set.of("review");

  /** An id as reviews (and any future event source) name their objects: a letter or digit, then up to 63 more. */
  private static final String ID = "[A-Za-z0-9][A-Za-z0-9_-]{0,63}";

  /** Event addresses only: {@code reviewgate.review.events} and {@code reviewgate.review.events.<id>}. */
  public static final String OUTBOUND_REGEX = "reviewgate\\.(" + String.join("|", new TreeSet<>(EVENT_AREAS))
    + ")\\.events(\\." + ID + ")?";

  private static final Pattern OUTBOUND = Pattern.compile(OUTBOUND_REGEX);

  private BusExposure() {
  }

  /** The tool addresses a bridge serving any of {@code exposures} may send to, for any caller, sorted. */
  public static Set<String> inbound(ToolCatalog catalog, Set<Exposure> exposures) {
    Set<String> addresses = new TreeSet<>();
    for (Exposure exposure : exposures) {
      for (Tool tool : catalog.tools(exposure)) {
        addresses.add(tool.address());
      }
    }
    return addresses;
  }

  /**
   * The tool addresses {@code caller} may send to over a bridge serving any of {@code exposures}: the tools that name
   * its kind in {@code callers}, and, for a service, the tools its credential's {@code allow} list names, except
   * tools only the person may call.
   */
  public static Set<String> inbound(ToolCatalog catalog, Set<Exposure> exposures, Caller caller, Set<String> grants) {
    Set<String> addresses = new TreeSet<>();
    for (Exposure exposure : exposures) {
      for (Tool tool : catalog.tools(exposure)) {
        boolean granted = caller.kind() == Caller.Kind.SERVICE && grants.contains(tool.name()) && !tool.personOnly();
        if (tool.callableBy(caller.kind()) || granted) {
          addresses.add(tool.address());
        }
      }
    }
    return addresses;
  }

  /**
   * Checks the services' {@code allow} lists against the catalog.
   *
   * @throws IllegalArgumentException naming the service and the tool: unknown, or one only the person may call
   */
  public static void checkGrants(ToolCatalog catalog, List<Credentials.Service> services) {
    for (Credentials.Service service : services) {
      for (String name : service.allow()) {
        Tool tool = catalog.byName(name).orElseThrow(() -> new IllegalArgumentException("services." + service.name()
          + ".allow names '" + name + "', which is not a tool ('reviewgate tools' lists them)"));
        if (tool.personOnly()) {
          throw new IllegalArgumentException("services." + service.name() + ".allow names '" + name + "', which only "
            + "the person may call (from the dashboard); no service credential can be granted it");
        }
      }
    }
  }

  /** Whether a bridge client may receive what is published or sent to {@code address}. */
  public static boolean outbound(String address) {
    return address != null && OUTBOUND.matcher(address).matches();
  }
}
