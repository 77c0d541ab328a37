package dev.reviewgate.forge.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.ConnectTimeoutException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/** Which failures mean "nothing was sent" (one quick retry at most) and which keep the backoff. */
class NetworkFailureTest {

  @Test
  void refusedConnectionsAndUnknownHostsAreUnreachable() {
    assertThat(NetworkFailure.of(new ConnectException("Connection refused"))).isEqualTo(NetworkFailure.UNREACHABLE);
    assertThat(NetworkFailure.of(new UnknownHostException("api.example.invalid"))).isEqualTo(NetworkFailure.UNREACHABLE);
    assertThat(NetworkFailure.of(new IllegalStateException("wrapped", new ConnectException("Connection refused"))))
      .isEqualTo(NetworkFailure.UNREACHABLE);
  }

  @Test
  void aConnectTimeoutIsATimeoutThoughItIsAConnectException() {
    assertThat(new ConnectTimeoutException("connection timed out")).isInstanceOf(ConnectException.class);
    assertThat(NetworkFailure.of(new ConnectTimeoutException("connection timed out"))).isEqualTo(NetworkFailure.TIMED_OUT);
    assertThat(NetworkFailure.of(new TimeoutException("no answer"))).isEqualTo(NetworkFailure.TIMED_OUT);
  }

  @Test
  void aConnectionThatBrokeKeepsTheBackoff() {
    assertThat(NetworkFailure.of(new IOException("Connection reset by peer"))).isEqualTo(NetworkFailure.BROKEN);
  }
}
