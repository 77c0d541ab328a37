package dev.reviewgate.app;

import dev.reviewgate.core.security.UserSecret;
import dev.reviewgate.http.security.LoginCode;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * {@code reviewgate open [REVIEW_ID] [--print]}: signs the person in to a running dashboard, as Jupyter's login link
 * does. It picks the dashboard ({@link DashboardRegistry}: {@code serve}'s, or the dashboard door of a running
 * {@code stdio}), the newest one or the one whose review store holds REVIEW_ID, mints a one-time code with this user's
 * secret ({@link LoginCode}: valid once, for two minutes) and opens {@code <dashboard>/login?code=…} in the browser,
 * or prints it with {@code --print} or when no browser opener works. Exit 0 when a link was opened or printed, 1 when
 * no running dashboard fits.
 */
final class OpenCommand {

  private OpenCommand() {
  }

  static int run(Map<String, String> environment, Optional<String> reviewId, boolean print, PrintStream out,
                 PrintStream err) {
    Path state = UserSecret.stateDirectory(environment);
    List<DashboardRegistry.Entry> running = new DashboardRegistry(state).running();
    Optional<DashboardRegistry.Entry> chosen = reviewId.isPresent()
      ? running.stream().filter(entry -> entry.holds(reviewId.get())).findFirst()
      : running.stream().findFirst();
    if (chosen.isEmpty()) {
      err.println("reviewgate: " + (running.isEmpty()
        ? "no dashboard of yours is running; start 'reviewgate serve', or ask the agent to request a review (its "
          + "'reviewgate stdio' serves one)"
        : "none of the " + running.size() + " running dashboard(s) holds review " + reviewId.get()
          + "; check the id (review_list), or run 'reviewgate open' without it"));
      return 1;
    }
    String link = link(chosen.get(), UserSecret.readOrCreate(state), reviewId, Instant.now());
    if (!print && browse(link)) {
      err.println("reviewgate: opened the " + chosen.get().kind() + " dashboard in your browser (the link works once, "
        + "for two minutes)");
      return 0;
    }
    out.println(link);
    return 0;
  }

  static String link(DashboardRegistry.Entry dashboard, String secret, Optional<String> reviewId, Instant now) {
    String code = LoginCode.mint(secret, now);
    return URI.create(dashboard.url()).resolve("/login").toString() + "?code=" + code
      + reviewId.map(id -> "&review=" + URLEncoder.encode(id, StandardCharsets.UTF_8)).orElse("");
  }

  /** Hands the link to the desktop's opener (xdg-open, or open on macOS); false when there is none or it failed. */
  private static boolean browse(String link) {
    String opener = System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).contains("mac") ? "open" : "xdg-open";
    try {
      Process process = new ProcessBuilder(opener, link).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      return process.waitFor(10, TimeUnit.SECONDS) && process.exitValue() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
