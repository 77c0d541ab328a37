package dev.reviewgate.http.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpServer;
import io.vertx.junit5.VertxExtension;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.RandomAccessFile;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The key a real server's request gets: this process on Linux, the address where {@code /proc} is missing. */
@ExtendWith(VertxExtension.class)
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class ClientKeysIT {

  /**
   * Longer than the default of http.peerLookupTimeoutMs (2000): these tests are about finding the process, which
   * on a loaded machine may take seconds, not about the deadline.
   */
  private static final long DEADLINE_MS = 10_000;

  /**
   * Two requests on one kept-alive connection; the keys the server gave them, joined by a space. The client is a plain
   * socket of this process. The stalls of 2026-11-28 were the Vert.x client this test had: it asked for the body one
   * compose after send ({@code .compose(r -> r.send()).compose(r -> r.body())}), and on a reused connection that step
   * can run after the response has ended unread, so body() never completes. The server had answered: its handler ran,
   * end() succeeded and both sockets' kernel queues were empty (reproduced without any bridge traffic; see
   * HttpSecurityIT.request for the safe form).
   */
  private static String keysOfTwoRequests(Vertx vertx, ClientKeys keys) throws Exception {
    HttpServer server = vertx.createHttpServer()
      .requestHandler(request -> keys.of(request).onComplete(key -> request.response().end(String.valueOf(key.result()))))
      .listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), server.actualPort())) {
      // The first request waits for the /proc lookup (at most DEADLINE_MS); a bound past it still fails a lookup or
      // an answer that never comes, with the stacks.
      socket.setSoTimeout(30_000);
      BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
      String first = answer(socket, in, "first");
      String second = answer(socket, in, "second");
      return first + " " + second;
    } finally {
      server.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
  }

  /** One GET on the connection and its body; no answer in 30 s fails with the stacks of the Vert.x and lookup threads. */
  private static String answer(Socket socket, BufferedReader in, String which) throws Exception {
    socket.getOutputStream().write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
    socket.getOutputStream().flush();
    try {
      String status = in.readLine();
      assertThat(status).as("the %s response's status line", which).startsWith("HTTP/1.1 200");
      int length = -1;
      for (String line = in.readLine(); line != null && !line.isEmpty(); line = in.readLine()) {
        if (line.regionMatches(true, 0, "content-length:", 0, 15)) {
          length = Integer.parseInt(line.substring(15).trim());
        }
      }
      assertThat(length).as("the %s response has a length", which).isGreaterThan(0);
      char[] body = new char[length];
      for (int read = 0; read < length; ) {
        int n = in.read(body, read, length - read);
        assertThat(n).as("the %s response's body is whole", which).isPositive();
        read += n;
      }
      return new String(body);
    } catch (java.net.SocketTimeoutException e) {
      StringBuilder stacks = new StringBuilder("the " + which + " request had no answer in 30 s; threads:\n");
      Thread.getAllStackTraces().forEach((thread, frames) -> {
        if (thread.getName().startsWith("vert.x") || thread.getName().startsWith("reviewgate")) {
          stacks.append(thread.getName()).append(' ').append(thread.getState()).append('\n');
          for (int i = 0; i < Math.min(12, frames.length); i++) {
            stacks.append("    at ").append(frames[i]).append('\n');
          }
        }
      });
      throw new AssertionError(stacks.toString(), e);
    }
  }

  @Test
  void aLocalClientIsItsProcess(Vertx vertx) throws Exception {
    assumeTrue(Files.isReadable(Path.of("/proc/net/tcp")), "Linux /proc only");
    String me = "process " + ProcessHandle.current().pid();
    assertThat(keysOfTwoRequests(vertx, new ClientKeys(vertx, DEADLINE_MS))).isEqualTo(me + " " + me);
  }

  /**
   * Every thread of Vert.x's shared worker pool busy (as with long git work) and many loopback sockets open: a local
   * client is still told apart by its process, well within the deadline. On the shared pool the lookup queued behind
   * the busy threads until its deadline, and the client counted as 127.0.0.1.
   */
  @Test
  void aLocalClientIsItsProcessWhileTheSharedWorkerPoolIsBusyAndManySocketsAreOpen(Vertx vertx) throws Exception {
    assumeTrue(Files.isReadable(Path.of("/proc/net/tcp")), "Linux /proc only");
    int workers = new VertxOptions().getWorkerPoolSize();
    CountDownLatch busy = new CountDownLatch(workers);
    CountDownLatch release = new CountDownLatch(1);
    for (int i = 0; i < workers; i++) {
      vertx.executeBlocking(() -> {
        busy.countDown();
        return release.await(60, TimeUnit.SECONDS);
      }, false);
    }
    List<Socket> open = new ArrayList<>();
    try (ServerSocket held = new ServerSocket(0, 1000, InetAddress.getLoopbackAddress())) {
      assertThat(busy.await(10, TimeUnit.SECONDS)).as("every shared worker busy").isTrue();
      for (int i = 0; i < 500; i++) {
        open.add(new Socket(InetAddress.getLoopbackAddress(), held.getLocalPort()));
        open.add(held.accept());
      }
      String me = "process " + ProcessHandle.current().pid();
      long started = System.nanoTime();
      assertThat(keysOfTwoRequests(vertx, new ClientKeys(vertx, DEADLINE_MS))).isEqualTo(me + " " + me);
      long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
      System.out.println("ClientKeysIT: " + workers + " shared workers busy, " + open.size()
        + " sockets open: server up and two requests answered in " + tookMs + " ms");
      assertThat(tookMs).as("both requests answered").isLessThan(5_000);
    } finally {
      release.countDown();
      for (Socket socket : open) {
        socket.close();
      }
    }
  }

  /**
   * A lookup that never ends (here {@code net/tcp} is a pipe nobody writes, so reading it blocks for good) holds no
   * request past the deadline: each new connection is answered by its address in time, also once every lookup thread
   * is stuck, and the requests after a connection's first are answered at once.
   */
  @Test
  void aLookupThatNeverEndsHoldsNoRequestPastTheDeadline(Vertx vertx, @TempDir Path proc) throws Exception {
    Files.createDirectories(proc.resolve("net"));
    Path table = proc.resolve("net/tcp");
    Process mkfifo = new ProcessBuilder("mkfifo", table.toString()).start();
    assumeTrue(mkfifo.waitFor(10, TimeUnit.SECONDS) && mkfifo.exitValue() == 0, "mkfifo (POSIX) only");
    ClientKeys keys = new ClientKeys(vertx, proc, 300);
    try {
      for (int connection = 0; connection < 3; connection++) { // two lookup threads: the third waits in the queue
        long started = System.nanoTime();
        assertThat(keysOfTwoRequests(vertx, keys)).isEqualTo("127.0.0.1 127.0.0.1");
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started)).as("connection %d", connection)
          .isLessThan(5_000);
      }
    } finally {
      // Opening the pipe as a writer (read-write does not block on Linux) and closing it lets the blocked readers
      // through to the end of the file, which frees the lookup threads.
      new RandomAccessFile(table.toFile(), "rw").close();
    }
  }

  @Test
  void withoutProcLocalClientsShareTheirAddress(Vertx vertx) throws Exception {
    assertThat(keysOfTwoRequests(vertx, new ClientKeys(vertx, Path.of("/no/such/proc"), DEADLINE_MS)))
      .isEqualTo("127.0.0.1 127.0.0.1");
  }
}
