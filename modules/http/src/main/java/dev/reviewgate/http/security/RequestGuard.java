package dev.reviewgate.http.security;

import dev.reviewgate.core.net.BearerToken;
import dev.reviewgate.core.net.Loopback;
import dev.reviewgate.core.security.Caller;
import dev.reviewgate.http.HttpOptions;
import io.vertx.ext.web.handler.SecurityPolicyHandler;
import io.vertx.core.http.Cookie;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonObject;
import io.vertx.core.net.HostAndPort;
import io.vertx.ext.web.RoutingContext;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * First handler of every route: refuses requests that a malicious web page could make through the user's browser
 * (DNS rebinding: a foreign {@code Host}; cross-site: a foreign {@code Origin}, scheme included) and, on the routes
 * that ask for credentials, requests without one. For the bridge this runs on the HTTP request that opens the socket
 * (the WebSocket upgrade or the first SockJS request), so an unauthenticated socket never exists; it also decides
 * whom the socket acts for ({@link #CALLER}): the person (the login cookie) or a service (a bearer credential).
 */
public final class RequestGuard implements SecurityPolicyHandler {

  /** Browsers cannot set headers on a WebSocket; the bridge alone also accepts the token as this query parameter. */
  public static final String TOKEN_PARAMETER = "access_token";

  /** The routing-context key under which the bridge check leaves the {@link Caller} it established. */
  public static final String CALLER = "reviewgate.caller";

  /** What one instance checks: every route passes {@link #SAME_SITE} first; some then ask for a credential. */
  public enum Check {
    /** Host and Origin (DNS rebinding, cross-site requests): the first handler of every route. */
    SAME_SITE,
    /** The bearer token in the {@code Authorization} header ({@code /metrics}). */
    TOKEN,
    /** The bearer token, unless the server runs with {@code --conformance-tools} ({@code /mcp}). */
    MCP,
    /**
     * The person's session cookie, else a bearer credential (the token or a service's) in the header or as
     * {@code ?access_token=} (the bridge: browsers cannot set WebSocket headers).
     */
    BRIDGE
  }

  private final HttpOptions options;
  private final BearerToken token;
  private final Check check;
  private final PersonSessions sessions;

  public RequestGuard(HttpOptions options, Check check) {
    this(options, check, null);
  }

  /** With {@code sessions}, the bridge check also accepts the person's session cookie. */
  public RequestGuard(HttpOptions options, Check check, PersonSessions sessions) {
    this.options = options;
    this.token = new BearerToken(options.token());
    this.check = check;
    this.sessions = sessions;
  }

  @Override
  public void handle(RoutingContext ctx) {
    boolean passed = switch (check) {
      case SAME_SITE -> sameSite(ctx);
      case TOKEN -> authorized(ctx, token.matchesHeader(ctx.request().getHeader("Authorization")));
      case MCP -> options.mcpWithoutToken() || authorized(ctx, token.matchesHeader(ctx.request().getHeader("Authorization")));
      case BRIDGE -> bridgeCaller(ctx);
    };
    if (passed) {
      ctx.next();
    }
  }

  private boolean sameSite(RoutingContext ctx) {
    HttpServerRequest request = ctx.request();
    // authority(): the Host header in HTTP/1.1, the :authority pseudo-header in HTTP/2.
    HostAndPort host = request.authority();
    if (host == null || !hostAllowed(host.host())) {
      refuse(ctx, 403, "Host header " + (host == null ? "missing" : "'" + host + "'") + " is not accepted; "
        + "connect through " + options.host() + " or localhost, or list the name in http.allowedHosts");
      return false;
    }
    String origin = request.getHeader("Origin");
    if (origin != null && !originAllowed(origin, host, request.isSSL())) {
      refuse(ctx, 403, "Origin '" + origin + "' is not allowed; list it in http.allowedOrigins to permit it");
      return false;
    }
    return true;
  }

  /** The person with a valid session cookie, else whoever a bearer credential names; else 401. */
  private boolean bridgeCaller(RoutingContext ctx) {
    Cookie cookie = sessions == null ? null : ctx.request().getCookie(PersonSessions.cookieName(ctx.request()));
    Optional<Caller> caller = cookie != null && sessions.valid(cookie.getValue()) ? Optional.of(Caller.PERSON)
      : options.credentials().fromHeader(ctx.request().getHeader("Authorization"))
        .or(() -> options.credentials().fromToken(ctx.request().getParam(TOKEN_PARAMETER)));
    caller.ifPresent(c -> ctx.put(CALLER, c));
    return authorized(ctx, caller.isPresent());
  }

  private boolean authorized(RoutingContext ctx, boolean passed) {
    if (passed) {
      return true;
    }
    HttpServerRequest request = ctx.request();
    boolean presented = request.getHeader("Authorization") != null || request.getParam(TOKEN_PARAMETER) != null;
    ctx.response().putHeader("WWW-Authenticate", presented
      ? "Bearer realm=\"reviewgate\", error=\"invalid_token\"" : "Bearer realm=\"reviewgate\"");
    refuse(ctx, 401, presented ? "the bearer token is not valid"
      : "a credential is required: send 'Authorization: Bearer <token>' (the output of 'reviewgate token', or "
        + "$REVIEWGATE_TOKEN on the server)" + (check == Check.BRIDGE
        ? "; in a browser, sign in with the link 'reviewgate open' prints" : ""));
    return false;
  }

  private boolean hostAllowed(String name) {
    String host = name.toLowerCase(Locale.ROOT);
    if (Loopback.isLoopbackHost(host) || host.equals(options.host().toLowerCase(Locale.ROOT))
      || contains(options.allowedHosts(), host)) {
      return true;
    }
    // Listening on every interface: the credential, not the name, is the defence.
    return Loopback.isWildcard(options.host()) && options.allowedHosts().isEmpty();
  }

  /** Same origin as the request's own Host (which passed the checks above), or listed explicitly. */
  private boolean originAllowed(String origin, HostAndPort host, boolean ssl) {
    if (contains(options.allowedOrigins(), origin)) {
      return true;
    }
    try {
      URI uri = URI.create(origin);
      String scheme = uri.getScheme();
      if (uri.getHost() == null || !("http".equals(scheme) || "https".equals(scheme))) {
        return false;
      }
      // Same origin means same scheme, host and port: https://localhost:7420 is not the origin of http://localhost:7420.
      if (!scheme.equals(ssl ? "https" : "http")) {
        return false;
      }
      int originPort = uri.getPort() >= 0 ? uri.getPort() : ("https".equals(scheme) ? 443 : 80);
      int hostPort = host.port() >= 0 ? host.port() : (ssl ? 443 : 80);
      return Loopback.sameHost(uri.getHost(), host.host()) && originPort == hostPort;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  private static boolean contains(List<String> values, String value) {
    return values.stream().anyMatch(v -> v.equalsIgnoreCase(value));
  }

  /** A JSON-RPC shaped error body: MCP clients parse it, and others read the message. */
  public static void refuse(RoutingContext ctx, int status, String message) {
    ctx.response().setStatusCode(status).putHeader("Content-Type", "application/json")
      .end(new JsonObject().put("jsonrpc", "2.0").putNull("id")
        .put("error", new JsonObject().put("code", -32000).put("message", message)).encode());
  }
}
