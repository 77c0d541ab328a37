package dev.reviewgate.github;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.testing.TempGitRepo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OriginRemoteTest {

  @Test
  void githubUrlsInEveryFormGiveOwnerAndRepo() {
    for (String url : List.of("https://github.com/octo/hello-world.git", "https://github.com/octo/hello-world",
      "git@github.com:octo/hello-world.git", "ssh://git@github.com/octo/hello-world.git", "https://user@github.com/octo/hello-world/")) {
      assertThat(OriginRemote.parseUrl(url, "github.com")).as(url).contains(new RepoRef("octo", "hello-world"));
    }
    assertThat(OriginRemote.parseUrl("https://ghe.example.com/team/app.git", "ghe.example.com")).contains(new RepoRef("team", "app"));
    assertThat(OriginRemote.parseUrl("https://gitlab.com/octo/hello-world.git", "github.com")).isEmpty();
    assertThat(OriginRemote.parseUrl("/srv/git/repo.git", "github.com")).isEmpty();
  }

  @Test
  void onlyTheOriginRemoteCounts() {
    List<String> config = List.of("[core]", "\tbare = false", "[remote \"upstream\"]", "\turl = git@github.com:other/thing.git",
      "[remote \"origin\"]", "\turl = https://github.com/octo/hello-world.git", "\tfetch = +refs/heads/*:refs/remotes/origin/*");
    assertThat(OriginRemote.parse(config, "github.com")).contains(new RepoRef("octo", "hello-world"));
  }

  @Test
  void readsTheCloneAroundADirectoryIncludingAWorktree(@TempDir Path dir) throws Exception {
    Path clone = dir.resolve("clone");
    Files.createDirectories(clone.resolve("sub/deeper"));
    git(clone, "init", "-q", "-b", "main");
    git(clone, "remote", "add", "origin", "git@github.com:octo/hello-world.git");
    assertThat(OriginRemote.find(clone.resolve("sub/deeper"), "https://api.github.com")).contains(new RepoRef("octo", "hello-world"));

    git(clone, "-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-q", "--allow-empty", "-m", "first");
    git(clone, "worktree", "add", "-q", dir.resolve("wt").toString());
    assertThat(OriginRemote.find(dir.resolve("wt"), "https://api.github.com")).contains(new RepoRef("octo", "hello-world"));

    Path plain = Files.createDirectories(dir.resolve("plain"));
    assertThat(OriginRemote.find(plain, "https://api.github.com")).isEqualTo(Optional.empty());
  }

  private static void git(Path repo, String... args) {
    TempGitRepo.at(repo).git(args);
  }

}
