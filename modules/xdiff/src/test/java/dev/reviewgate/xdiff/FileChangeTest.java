package dev.reviewgate.xdiff;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class FileChangeTest {

  /** git's headers print a mode as six octal digits, zero-padded, longer ones whole: what "%06o" makes. */
  @Test
  void octalModeWritesWhatAZeroPaddedOctalFormatWrites() {
    int[] modes = {0100644, 0100755, 0120000, 0160000, 0040000, 0100664, 0100600, 0644, 7, 0, 0777777, 01000000, 0x7fffffff};
    for (int mode : modes) {
      assertEquals(String.format("%06o", mode), FileChange.octalMode(mode), "mode " + Integer.toOctalString(mode));
    }
  }
}
