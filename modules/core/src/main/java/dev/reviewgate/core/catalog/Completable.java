package dev.reviewgate.core.catalog;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A prompt argument or URI variable: a name a client completes, and the completion source it names (or null). */
interface Completable {

  String name();

  String completion();

  /** Completion source name by argument name, for the arguments that have one, in declared order. */
  static Map<String, String> sources(List<? extends Completable> arguments) {
    Map<String, String> sources = new LinkedHashMap<>();
    arguments.stream().filter(argument -> argument.completion() != null)
      .forEach(argument -> sources.put(argument.name(), argument.completion()));
    return sources;
  }
}
