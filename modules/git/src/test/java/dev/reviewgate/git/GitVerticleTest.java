package dev.reviewgate.git;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.catalog.ToolCatalog;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.Timeout;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** Every git tool over the event bus, through the catalog's validation, against a real repository. */
@ExtendWith(VertxExtension.class)
class GitVerticleTest {

  @TempDir
  Path tmp;

  private TestRepo repo;
  private String first;
  private String second;
  private String third;

  @BeforeEach
  void deploy(Vertx vertx, VertxTestContext test) {
    repo = new TestRepo(tmp);
    repo.write("README.md", "# demo\nintro line\n").write("src/a.txt", "alpha\nbeta\n").write("img.bin", new byte[] {0, 1, 2});
    first = repo.commit("first commit\n\nwith a body");
    repo.write("src/a.txt", "alpha\nBETA\ngamma\n");
    second = repo.commit("second");
    repo.write("src/b.txt", "new file\n");
    third = repo.commit("third");
    GitBackendOptions backend = repo.servedAsDemo(new JsonObject());
    vertx.deployVerticle(new GitVerticle(backend, ToolCatalog.standard())).onComplete(test.succeedingThenComplete());
  }

  private static Future<JsonObject> call(Vertx vertx, String address, JsonObject args) {
    return BusRequests.request(vertx.eventBus(), address, args, 10_000);
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void everyToolAnswersOverTheBus(Vertx vertx, VertxTestContext test) {
    JsonObject demo = new JsonObject().put("repo", "demo");
    call(vertx, Addresses.GIT_REPOS, new JsonObject())
      .compose(repos -> {
        test.verify(() -> {
          JsonObject only = repos.getJsonArray("repos").getJsonObject(0);
          assertThat(only.getString("name")).isEqualTo("demo");
          assertThat(only.getString("head")).isEqualTo(third);
          assertThat(only.getString("default_branch")).isEqualTo("main");
        });
        return call(vertx, Addresses.GIT_RESOLVE, demo.copy().put("revision", "HEAD~2"));
      })
      .compose(resolved -> {
        test.verify(() -> assertThat(resolved.getString("sha")).isEqualTo(first));
        return call(vertx, Addresses.GIT_LOG, demo.copy().put("limit", 2));
      })
      .compose(page -> {
        test.verify(() -> {
          JsonArray commits = page.getJsonArray("commits");
          assertThat(commits).hasSize(2);
          assertThat(commits.getJsonObject(0).getString("sha")).isEqualTo(third);
          assertThat(commits.getJsonObject(0).getString("short_sha")).isEqualTo(third.substring(0, 7));
          assertThat(commits.getJsonObject(0).getJsonArray("parents").getString(0)).isEqualTo(second);
          assertThat(commits.getJsonObject(0).getJsonObject("author").getString("date")).isEqualTo("2024-01-02T03:04:05+01:00");
        });
        return call(vertx, Addresses.GIT_LOG, demo.copy().put("limit", 2).put("cursor", page.getString("next_cursor")));
      })
      .compose(page -> {
        test.verify(() -> {
          JsonObject commit = page.getJsonArray("commits").getJsonObject(0);
          assertThat(commit.getString("sha")).isEqualTo(first);
          assertThat(commit.getString("subject")).isEqualTo("first commit");
          assertThat(commit.getString("body")).isEqualTo("with a body");
          assertThat(page.containsKey("next_cursor")).isFalse();
        });
        return call(vertx, Addresses.GIT_LOG, demo.copy().put("range", first + ".." + third).put("paths", new JsonArray().add("src/b.txt")));
      })
      .compose(filtered -> {
        test.verify(() -> assertThat(filtered.getJsonArray("commits")).hasSize(1));
        return call(vertx, Addresses.GIT_CHANGED_FILES, demo.copy().put("base", first).put("head", third));
      })
      .compose(changed -> {
        test.verify(() -> {
          assertThat(changed.getJsonArray("files")).hasSize(2);
          JsonObject a = changed.getJsonArray("files").getJsonObject(0);
          assertThat(a.getString("path")).isEqualTo("src/a.txt");
          assertThat(a.getInteger("additions")).isEqualTo(2);
          assertThat(a.getInteger("deletions")).isEqualTo(1);
          assertThat(changed.getJsonObject("totals").getInteger("insertions")).isEqualTo(3);
        });
        return call(vertx, Addresses.GIT_DIFF, demo.copy().put("base", first).put("head", third));
      })
      .compose(diff -> {
        test.verify(() -> {
          assertThat(diff.getString("diff")).isEqualTo(new String(repo.gitBytes("diff", "--histogram", first, third), StandardCharsets.UTF_8));
          assertThat(diff.getString("base")).isEqualTo(first);
          assertThat(diff.getJsonObject("summary")).isNotNull();
        });
        return call(vertx, Addresses.GIT_DIFF, demo.copy().put("commit", second).put("files_only", true));
      })
      .compose(files -> {
        test.verify(() -> assertThat(files.getJsonArray("files").getJsonObject(0).getString("path")).isEqualTo("src/a.txt"));
        return call(vertx, Addresses.GIT_DIFF, demo.copy().put("range", first + "..." + third).put("context_lines", 0));
      })
      .compose(range -> {
        test.verify(() -> assertThat(range.getString("diff")).isEqualTo(
          new String(repo.gitBytes("diff", "--histogram", "-U0", first + "..." + third), StandardCharsets.UTF_8)));
        return call(vertx, Addresses.GIT_DIFF_STAT, demo.copy().put("commit", second));
      })
      .compose(stat -> {
        test.verify(() -> assertThat(stat.getString("text")).contains("src/a.txt").contains("1 file changed, 2 insertions(+), 1 deletion(-)"));
        return call(vertx, Addresses.GIT_SHOW_FILE, demo.copy().put("revision", first).put("path", "src/a.txt").put("start_line", 2));
      })
      .compose(shown -> {
        test.verify(() -> {
          assertThat(shown.getString("content")).isEqualTo("beta\n");
          assertThat(shown.getInteger("total_lines")).isEqualTo(2);
        });
        return call(vertx, Addresses.GIT_SHOW_FILE, demo.copy().put("path", "img.bin"));
      })
      .compose(binary -> {
        test.verify(() -> {
          assertThat(binary.getBoolean("binary")).isTrue();
          assertThat(binary.getString("content")).isNull();
        });
        return call(vertx, Addresses.GIT_GREP, demo.copy().put("revision", second).put("pattern", "^[a-z]+a$"));
      })
      .onComplete(test.succeeding(grep -> test.verify(() -> {
        JsonArray matches = grep.getJsonArray("matches");
        assertThat(matches).extracting(m -> ((JsonObject) m).getString("text")).containsExactly("alpha", "gamma");
        assertThat(matches.getJsonObject(1).getInteger("line")).isEqualTo(3);
        test.completeNow();
      })));
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void errorsNameTheProblemAndTheFix(Vertx vertx, VertxTestContext test) {
    call(vertx, Addresses.GIT_RESOLVE, new JsonObject().put("repo", "demo").put("revision", "no-such-branch"))
      .recover(failure -> {
        test.verify(() -> assertThat(failure).isInstanceOfSatisfying(ToolException.class, e -> {
          assertThat(e.code()).isEqualTo(Failure.NOT_FOUND);
          assertThat(e.getMessage()).startsWith("revision not found: no-such-branch");
        }));
        return call(vertx, Addresses.GIT_LOG, new JsonObject().put("repo", "elsewhere"));
      })
      .recover(failure -> {
        test.verify(() -> assertThat(failure).isInstanceOfSatisfying(ToolException.class, e -> {
          assertThat(e.code()).isEqualTo(Failure.NOT_ALLOWED);
          assertThat(e.getMessage()).contains("unknown repository 'elsewhere'").contains("demo");
        }));
        return call(vertx, Addresses.GIT_SHOW_FILE, new JsonObject().put("repo", "demo").put("revision", first).put("path", "a.txt"));
      })
      .recover(failure -> {
        test.verify(() -> assertThat(failure).isInstanceOfSatisfying(ToolException.class, e -> {
          assertThat(e.code()).isEqualTo(Failure.NOT_FOUND);
          assertThat(e.getMessage()).contains("path not in commit").contains("src/a.txt");
        }));
        return call(vertx, Addresses.GIT_DIFF, new JsonObject().put("repo", "demo").put("base", first));
      })
      .recover(failure -> {
        test.verify(() -> assertThat(failure).isInstanceOfSatisfying(ToolException.class, e -> {
          assertThat(e.code()).isEqualTo(Failure.INVALID_ARGUMENTS);
          assertThat(e.getMessage()).contains("base without head");
        }));
        return call(vertx, Addresses.GIT_GREP, new JsonObject().put("repo", "demo").put("pattern", "(unclosed"));
      })
      .recover(failure -> {
        test.verify(() -> assertThat(failure).isInstanceOfSatisfying(ToolException.class, e -> {
          assertThat(e.code()).isEqualTo(Failure.INVALID_ARGUMENTS);
          assertThat(e.getMessage()).contains("fixed=true");
        }));
        return call(vertx, Addresses.GIT_DIFF, new JsonObject().put("repo", "demo").put("commit", first).put("algorithm", "patience"));
      })
      .onComplete(test.failing(failure -> test.verify(() -> {
        assertThat(failure).isInstanceOfSatisfying(ToolException.class, e -> {
          assertThat(e.code()).isEqualTo(Failure.INVALID_ARGUMENTS);
          assertThat(e.getMessage()).contains("argument 'algorithm'");
        });
        test.completeNow();
      })));
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void resultsPinnedToFullShasAreServedFromTheCache(Vertx vertx, VertxTestContext test) {
    JsonObject args = new JsonObject().put("repo", "demo").put("base", first).put("head", third);
    call(vertx, Addresses.GIT_DIFF, args)
      .compose(one -> {
        // Rewrite history under the same branch name: a cached SHA-pinned answer cannot change, and a
        // branch-named one is never cached.
        repo.git("reset", "-q", "--hard", first);
        return call(vertx, Addresses.GIT_DIFF, args).map(two -> {
          test.verify(() -> assertThat(two).isEqualTo(one));
          return two;
        });
      })
      .compose(v -> call(vertx, Addresses.GIT_RESOLVE, new JsonObject().put("repo", "demo").put("revision", "main")))
      .onComplete(test.succeeding(main -> test.verify(() -> {
        assertThat(main.getString("sha")).isEqualTo(first);
        test.completeNow();
      })));
  }
}
