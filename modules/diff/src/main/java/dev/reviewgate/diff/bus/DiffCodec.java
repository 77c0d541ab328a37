package dev.reviewgate.diff.bus;

import dev.reviewgate.diff.model.ByteSlice;
import dev.reviewgate.diff.model.ChangeType;
import dev.reviewgate.diff.model.Diff;
import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.diff.model.Hunk;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.eventbus.MessageCodec;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The diff model as an event-bus message body. In-process the {@link Diff} itself is delivered (it is immutable);
 * across a cluster each file is sent as one block of bytes (what it renders to, then its hunks' headings) with the
 * offsets of its header lines, hunks and lines, and rebuilt on the other side from those offsets: nothing is parsed.
 */
public final class DiffCodec implements MessageCodec<Diff, Diff> {

  public static final String NAME = "reviewgate.diff-model";
  private static final ChangeType[] TYPES = ChangeType.values();

  /** Registers the codec as the default for {@link Diff} bodies, once per event bus (both ends need it). */
  public static void register(EventBus bus) {
    try {
      bus.registerDefaultCodec(Diff.class, new DiffCodec());
    } catch (IllegalStateException alreadyRegistered) {
      // another verticle of this Vert.x instance registered it
    }
  }

  @Override
  public void encodeToWire(Buffer buffer, Diff diff) {
    buffer.appendInt(diff.files().size());
    for (FileDiff file : diff.files()) {
      encode(buffer, file);
    }
    bytes(buffer, diff.trailingText());
  }

  @Override
  public Diff decodeFromWire(int pos, Buffer buffer) {
    Reader in = new Reader(buffer, pos);
    int count = in.integer();
    List<FileDiff> files = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      files.add(decode(in));
    }
    byte[] trailing = in.bytes();
    return new Diff(files, new ByteSlice(trailing, 0, trailing.length));
  }

  @Override
  public Diff transform(Diff diff) {
    return diff;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public byte systemCodecID() {
    return -1;
  }

  /**
   * One file: its block (leading text, header, each hunk's header and lines, binary body, then the hunks' headings),
   * then its fields and the offsets into the block.
   */
  private static void encode(Buffer out, FileDiff file) {
    int lengthAt = out.length();
    out.appendInt(0);
    int blockStart = out.length();
    append(out, file.leadingText());
    int headerStart = out.length() - blockStart;
    append(out, file.header());
    List<Hunk> hunks = file.hunks();
    int[] hunkHeaders = new int[hunks.size()];
    List<int[]> lineStarts = new ArrayList<>(hunks.size());
    int[] ends = new int[hunks.size()];
    for (int h = 0; h < hunks.size(); h++) {
      Hunk hunk = hunks.get(h);
      hunkHeaders[h] = out.length() - blockStart;
      append(out, hunk.header());
      int[] starts = new int[hunk.lineCount()];
      int bodyStart = out.length() - blockStart;
      int sourceStart = hunk.lineCount() == 0 ? 0 : hunk.lineStart(0);
      for (int i = 0; i < starts.length; i++) {
        starts[i] = bodyStart + hunk.lineStart(i) - sourceStart;
      }
      if (hunk.lineCount() > 0) {
        out.appendBytes(hunk.source(), sourceStart, hunk.lineEnd(hunk.lineCount() - 1) - sourceStart);
      }
      lineStarts.add(starts);
      ends[h] = out.length() - blockStart;
    }
    int binaryStart = out.length() - blockStart;
    append(out, file.binaryBody());
    int[] headings = new int[hunks.size()];
    for (int h = 0; h < hunks.size(); h++) {
      headings[h] = out.length() - blockStart;
      append(out, hunks.get(h).heading());
    }
    out.setInt(lengthAt, out.length() - blockStart);

    out.appendInt(file.leadingText().length()).appendInt(headerStart).appendInt(file.header().length());
    out.appendInt(file.headerLines().size());
    for (ByteSlice line : file.headerLines()) {
      out.appendInt(line.length());
    }
    text(out, file.oldPath());
    text(out, file.newPath());
    text(out, file.oldMode());
    text(out, file.newMode());
    text(out, file.index());
    out.appendByte((byte) file.changeType().ordinal()).appendInt(file.similarity() == null ? -1 : file.similarity())
      .appendByte((byte) ((file.binary() ? 1 : 0) | (file.cut() ? 2 : 0)))
      .appendInt(file.additions()).appendInt(file.deletions())
      .appendInt(binaryStart).appendInt(file.binaryBody().length());
    out.appendInt(hunks.size());
    for (int h = 0; h < hunks.size(); h++) {
      Hunk hunk = hunks.get(h);
      out.appendInt(hunk.oldStart()).appendInt(hunk.oldCount()).appendInt(hunk.newStart()).appendInt(hunk.newCount())
        .appendInt(hunkHeaders[h]).appendInt(hunk.header().length()).appendInt(headings[h]).appendInt(hunk.heading().length())
        .appendInt(ends[h]).appendInt(hunk.additions()).appendInt(hunk.deletions());
      int[] starts = lineStarts.get(h);
      out.appendInt(starts.length);
      for (int start : starts) {
        out.appendInt(start);
      }
    }
  }

  private static FileDiff decode(Reader in) {
    byte[] block = in.bytes();
    ByteSlice leading = new ByteSlice(block, 0, in.integer());
    int headerStart = in.integer();
    ByteSlice header = new ByteSlice(block, headerStart, in.integer());
    int lineCount = in.integer();
    List<ByteSlice> headerLines = new ArrayList<>(lineCount);
    int at = headerStart;
    for (int i = 0; i < lineCount; i++) {
      int length = in.integer();
      headerLines.add(new ByteSlice(block, at, length));
      at += length;
    }
    String oldPath = in.text();
    String newPath = in.text();
    String oldMode = in.text();
    String newMode = in.text();
    String index = in.text();
    ChangeType type = TYPES[in.buffer.getByte(in.pos++)];
    int similarity = in.integer();
    byte flags = in.buffer.getByte(in.pos++);
    int additions = in.integer();
    int deletions = in.integer();
    ByteSlice binaryBody = new ByteSlice(block, in.integer(), in.integer());
    int hunkCount = in.integer();
    List<Hunk> hunks = new ArrayList<>(hunkCount);
    for (int h = 0; h < hunkCount; h++) {
      int oldStart = in.integer();
      int oldCount = in.integer();
      int newStart = in.integer();
      int newCount = in.integer();
      ByteSlice hunkHeader = new ByteSlice(block, in.integer(), in.integer());
      ByteSlice heading = new ByteSlice(block, in.integer(), in.integer());
      int end = in.integer();
      int hunkAdditions = in.integer();
      int hunkDeletions = in.integer();
      int[] starts = new int[in.integer()];
      for (int i = 0; i < starts.length; i++) {
        starts[i] = in.integer();
      }
      hunks.add(new Hunk(oldStart, oldCount, newStart, newCount, hunkHeader, heading, block, starts, 0, starts.length,
        end, hunkAdditions, hunkDeletions));
    }
    return new FileDiff(leading, header, headerLines, oldPath, newPath, type, oldMode, newMode,
      similarity < 0 ? null : similarity, index, (flags & 1) != 0, binaryBody, hunks, additions, deletions, (flags & 2) != 0);
  }

  private static void append(Buffer out, ByteSlice slice) {
    out.appendBytes(slice.bytes(), slice.offset(), slice.length());
  }

  private static void bytes(Buffer out, ByteSlice slice) {
    out.appendInt(slice.length());
    append(out, slice);
  }

  private static void text(Buffer out, String value) {
    if (value == null) {
      out.appendInt(-1);
      return;
    }
    byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
    out.appendInt(bytes.length).appendBytes(bytes);
  }

  /** Reads a wire form from its position on. */
  private static final class Reader {
    final Buffer buffer;
    int pos;

    Reader(Buffer buffer, int pos) {
      this.buffer = buffer;
      this.pos = pos;
    }

    int integer() {
      int value = buffer.getInt(pos);
      pos += 4;
      return value;
    }

    byte[] bytes() {
      int length = integer();
      byte[] bytes = buffer.getBytes(pos, pos + length);
      pos += length;
      return bytes;
    }

    String text() {
      int length = integer();
      if (length < 0) {
        return null;
      }
      String value = buffer.getString(pos, pos + length, "UTF-8");
      pos += length;
      return value;
    }
  }
}
