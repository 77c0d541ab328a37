package dev.reviewgate.forge.http;

import java.util.function.BiFunction;

/**
 * What every forge's client is: its options and a view of its {@link ForgeHttp}, which it can be bound to a caller's
 * deadline ({@link #until(long)}) while sharing the connections, cache, read bound and write queue. A forge's client
 * adds only its API: URLs, headers, paging and error texts.
 *
 * @param <C> the forge's client
 * @param <O> the forge's options
 */
public abstract class ForgeClient<C extends ForgeClient<C, O>, O> {

  private final O options;
  private final ForgeHttp http;
  private final BiFunction<O, ForgeHttp, C> boundTo;

  /** @param boundTo the forge's client over another view of the same layer (its constructor) */
  protected ForgeClient(O options, ForgeHttp http, BiFunction<O, ForgeHttp, C> boundTo) {
    this.options = options;
    this.http = http;
    this.boundTo = boundTo;
  }

  /**
   * This client for one caller who stops waiting at {@code deadlineMs} (epoch ms): nothing is sent, nor sent again,
   * after it, so a change cannot happen behind the back of a caller who was already told it timed out.
   */
  public final C until(long deadlineMs) {
    return boundTo.apply(options, http.until(deadlineMs));
  }

  public final O options() {
    return options;
  }

  protected final ForgeHttp http() {
    return http;
  }

  /** Closes the connections every view shares. */
  public final void close() {
    http.close();
  }
}
