package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** Frames of the TCP event-bus bridge over a plain socket, as a service written without Vert.x sends them: a 4-byte length, then JSON. */
class TcpBridgeClient implements AutoCloseable {

  private final Socket socket;
  private final DataOutputStream out;
  private final DataInputStream in;

  TcpBridgeClient(int port) throws Exception {
    socket = new Socket("127.0.0.1", port);
    socket.setSoTimeout(30_000);
    out = new DataOutputStream(socket.getOutputStream());
    in = new DataInputStream(socket.getInputStream());
  }

  void send(JsonObject frame) throws Exception {
    byte[] bytes = frame.encode().getBytes(StandardCharsets.UTF_8);
    out.writeInt(bytes.length);
    out.write(bytes);
    out.flush();
  }

  /** Sends {@code frame} and reads the next frame (one answer per frame sent). */
  JsonObject call(JsonObject frame) throws Exception {
    send(frame);
    int length = in.readInt();
    assertThat(length).isBetween(1, 16 * 1024 * 1024);
    return new JsonObject(new String(in.readNBytes(length), StandardCharsets.UTF_8));
  }

  @Override
  public void close() throws Exception {
    socket.close();
  }
}
