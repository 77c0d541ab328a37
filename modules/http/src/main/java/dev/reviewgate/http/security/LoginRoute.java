package dev.reviewgate.http.security;

import io.vertx.core.Handler;
import io.vertx.core.http.Cookie;
import io.vertx.core.http.CookieSameSite;
import io.vertx.ext.web.RoutingContext;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * {@code GET /login?code=…[&review=ID]}: the page a {@code reviewgate open} link leads to. A valid, unused code opens
 * a session ({@link PersonSessions}) and sets its id as an HttpOnly, SameSite=Strict cookie for the whole site, then
 * redirects to the dashboard (to the review, when one is named); the code itself is dead from then on. Anything else
 * gets a page that says how to get a new link. The answer is never cached.
 */
public final class LoginRoute implements Handler<RoutingContext> {

  public static final String PATH = "/login";

  private static final Pattern REVIEW_ID = Pattern.compile("[A-Za-z0-9_-]{1,64}");

  private final PersonSessions sessions;

  public LoginRoute(PersonSessions sessions) {
    this.sessions = sessions;
  }

  @Override
  public void handle(RoutingContext ctx) {
    ctx.response().putHeader("Cache-Control", "no-store").putHeader("Referrer-Policy", "no-referrer");
    Optional<String> session = sessions.login(ctx.request().getParam("code"));
    if (session.isEmpty()) {
      ctx.response().setStatusCode(403).putHeader("Content-Type", "text/plain; charset=utf-8")
        .end("This sign-in link is not valid: links work once and for two minutes. Run 'reviewgate open' "
          + "(with the review id, if you have one) in a terminal for a new one.\n");
      return;
    }
    ctx.response().addCookie(Cookie.cookie(PersonSessions.cookieName(ctx.request()), session.get()).setPath("/").setHttpOnly(true)
      .setSameSite(CookieSameSite.STRICT).setMaxAge(sessions.lifetime().toSeconds()));
    String review = ctx.request().getParam("review");
    ctx.redirect(review != null && REVIEW_ID.matcher(review).matches() ? "/review/#/reviews/" + review : "/review/");
  }
}
