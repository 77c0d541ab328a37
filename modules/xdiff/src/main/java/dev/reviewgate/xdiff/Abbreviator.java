package dev.reviewgate.xdiff;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.function.IntSupplier;
import org.eclipse.jgit.internal.storage.file.ObjectDirectory;
import org.eclipse.jgit.internal.storage.file.Pack;
import org.eclipse.jgit.lib.ObjectDatabase;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;

/**
 * Object names on {@code index} lines, abbreviated as git does by default: the length grows with the number of
 * packed objects (half the bits of the count, in hex digits, at least 7), then extends while ambiguous.
 */
public final class Abbreviator {

  private static final int MINIMUM = 7;

  private final ObjectReader reader;
  private final IntSupplier lengthSource;
  private int length;

  /** @param length git's automatic length, asked for once, on the first abbreviation */
  public Abbreviator(ObjectReader reader, IntSupplier length) {
    this.reader = reader;
    this.lengthSource = length;
  }

  /** git's automatic length for a repository: it counts objects in pack indexes only, as git does. */
  public static int automaticLength(ObjectDatabase database) {
    long count = 0;
    if (database instanceof ObjectDirectory directory) {
      for (Pack pack : directory.getPacks()) {
        try {
          count += pack.getIndex().getObjectCount();
        } catch (IOException e) {
          // git skips packs whose index cannot be opened
        }
      }
    }
    int bits = 64 - Long.numberOfLeadingZeros(count); // msb(count) + 1
    int length = (bits + 1) / 2;
    return Math.max(length, MINIMUM);
  }

  /**
   * Abbreviations of a fixed length without an object database to make them unique in (blobs fetched from a forge):
   * git's minimum, 7, is what git itself prints for repositories of up to about 16 thousand packed objects.
   */
  public static Abbreviator fixed(int length) {
    return new Abbreviator(null, () -> length);
  }

  public String abbreviate(ObjectId id) {
    if (reader == null) {
      return id.name().substring(0, Math.max(MINIMUM, lengthSource.getAsInt()));
    }
    try {
      if (length == 0) {
        length = lengthSource.getAsInt();
      }
      return reader.abbreviate(id, length).name();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
