package dev.reviewgate.http.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The owner of a loopback connection's far end, found in the real {@code /proc} of this machine. */
class LoopbackPeersTest {

  private final LoopbackPeers peers = new LoopbackPeers(Path.of("/proc"));

  @Test
  void aConnectionFromThisProcessIsOwnedByThisProcess() throws Exception {
    assumeTrue(peers.available(), "Linux /proc only; elsewhere clients are told apart by address");
    try (ServerSocket server = new ServerSocket(0, 5, InetAddress.getLoopbackAddress());
         Socket client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
         Socket accepted = server.accept()) {
      LoopbackPeers.Owner owner = peers.owner(accepted.getPort(), server.getLocalPort(), inTenSeconds()).orElseThrow();
      assertThat(owner.pid()).isEqualTo(ProcessHandle.current().pid());
      assertThat(owner.key()).isEqualTo("process " + ProcessHandle.current().pid());
    }
  }

  @Test
  void aConnectionFromAnotherProcessIsOwnedByThatProcess() throws Exception {
    assumeTrue(peers.available(), "Linux /proc only; elsewhere clients are told apart by address");
    try (ServerSocket server = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
      // bash opens the connection on fd 3 and becomes sleep, which keeps it open: one process, one pid.
      Process child = new ProcessBuilder("bash", "-c",
        "exec 3<>/dev/tcp/127.0.0.1/" + server.getLocalPort() + "; exec sleep 30").start();
      try (Socket accepted = server.accept()) {
        LoopbackPeers.Owner owner = peers.owner(accepted.getPort(), server.getLocalPort(), inTenSeconds()).orElseThrow();
        assertThat(owner.pid()).isEqualTo(child.pid()).isNotEqualTo(ProcessHandle.current().pid());
      } finally {
        child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    }
  }

  @Test
  void aConnectionNoLongerListedHasNoOwner() throws Exception {
    assumeTrue(peers.available(), "Linux /proc only");
    try (ServerSocket server = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
      assertThat(peers.owner(1, server.getLocalPort(), inTenSeconds())).isEmpty();
    }
  }

  @Test
  void aScanPastItsDeadlineGivesUpInsteadOfGuessing() throws Exception {
    assumeTrue(peers.available(), "Linux /proc only");
    try (ServerSocket server = new ServerSocket(0, 5, InetAddress.getLoopbackAddress());
         Socket client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
         Socket accepted = server.accept()) {
      assertThat(peers.owner(accepted.getPort(), server.getLocalPort(), System.nanoTime() - 1)).isEmpty();
      assertThat(peers.owner(accepted.getPort(), server.getLocalPort(), inTenSeconds())).isPresent();
    }
  }

  private static long inTenSeconds() {
    return System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
  }

  @Test
  void readsTheClientSocketLineOfProcNetTcp() {
    String line = "   3: 0100007F:A1B2 0100007F:1CFC 01 00000000:00000000 00:00000000 00000000  1000        0 424242 1 0";
    assertThat(LoopbackPeers.parse(line, 0xA1B2, 0x1CFC)).hasValueSatisfying(socket -> {
      assertThat(socket.uid()).isEqualTo(1000);
      assertThat(socket.inode()).isEqualTo(424242);
    });
    assertThat(LoopbackPeers.parse(line, 0x1CFC, 0xA1B2)).as("the server's end of it").isEmpty();
    assertThat(LoopbackPeers.parse("  sl  local_address rem_address   st", 1, 2)).as("the header").isEmpty();
  }
}
