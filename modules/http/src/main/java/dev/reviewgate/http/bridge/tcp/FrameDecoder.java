package dev.reviewgate.http.bridge.tcp;

import io.vertx.core.buffer.Buffer;

/**
 * Cuts a TCP byte stream into the bridge's frames (a 4-byte big-endian length, then that many bytes) one step at a
 * time, so that its owner decides about each declared length before a byte of the frame is buffered: it may refuse the
 * length, or wait (leave the header unread) until memory is free. Holds only what was fed and not yet taken.
 */
final class FrameDecoder {

  private static final int HEADER_BYTES = 4;
  /** Bytes already taken from the front of {@link #pending} before it is compacted. */
  private static final int COMPACT_AFTER = 64 * 1024;

  private Buffer pending = Buffer.buffer();
  private int start;
  /** The length of the frame being read once its header was accepted, else -1. */
  private long accepted = -1;

  void feed(Buffer chunk) {
    pending.appendBuffer(chunk);
  }

  /** The declared length of the next frame once its 4 bytes are here; -1 while they are not. Takes nothing. */
  long peekLength() {
    if (accepted >= 0) {
      return accepted;
    }
    return available() < HEADER_BYTES ? -1 : pending.getUnsignedInt(start);
  }

  /**
   * The owner accepts the length {@link #peekLength()} showed: the header is consumed and room for the whole frame is
   * allocated at once, so the frame costs what the owner reserved for it and never a doubling more.
   */
  void accept() {
    long length = peekLength();
    if (length < 0 || accepted >= 0) {
      throw new IllegalStateException("no header to accept");
    }
    start += HEADER_BYTES;
    accepted = length;
    Buffer rest = pending.getBuffer(start, pending.length());
    pending = Buffer.buffer((int) Math.max(length, rest.length())).appendBuffer(rest);
    start = 0;
  }

  /** The accepted frame once all its bytes are here, else null. */
  Buffer takeFrame() {
    if (accepted < 0 || available() < accepted) {
      return null;
    }
    int end = start + (int) accepted;
    Buffer frame = pending.slice(start, end); // shared, not copied: the frame is decoded before more is fed
    start = end;
    accepted = -1;
    if (start == pending.length()) {
      pending = Buffer.buffer();
      start = 0;
    } else if (start > COMPACT_AFTER) {
      pending = pending.getBuffer(start, pending.length());
      start = 0;
    }
    return frame;
  }

  /** Some bytes of a frame that is not complete are held (a header, part of one, or part of a body). */
  boolean midFrame() {
    return accepted >= 0 || available() > 0;
  }

  private int available() {
    return pending.length() - start;
  }
}
