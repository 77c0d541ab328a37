package dev.reviewgate.app;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.logging.ConsoleHandler;
import java.util.logging.Handler;
import java.util.logging.Logger;

/**
 * stdout, stderr and the log's console handler in UTF-8, whatever the JVM's default charset. MCP clients start us
 * without {@code LANG}; Java 17 then defaults to US-ASCII and would print every other character as {@code ?}.
 */
final class Utf8Console {

  private Utf8Console() {
  }

  static void install() {
    System.setOut(utf8(FileDescriptor.out));
    System.setErr(utf8(FileDescriptor.err));
    // The console handler encodes records itself (with the default charset unless told): a user's logging
    // configuration that names an encoding keeps it.
    for (Handler handler : Logger.getLogger("").getHandlers()) {
      if (handler instanceof ConsoleHandler && handler.getEncoding() == null) {
        try {
          handler.setEncoding(StandardCharsets.UTF_8.name());
        } catch (java.io.UnsupportedEncodingException impossible) {
          throw new AssertionError(impossible);
        }
      }
    }
  }

  /** As the JVM builds {@code System.out}: buffered, flushed at each line, here always in UTF-8. */
  private static PrintStream utf8(FileDescriptor descriptor) {
    return new PrintStream(new BufferedOutputStream(new FileOutputStream(descriptor), 8192), true, StandardCharsets.UTF_8);
  }
}
