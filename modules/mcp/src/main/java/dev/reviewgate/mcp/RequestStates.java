package dev.reviewgate.mcp;

import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Integrity protection of {@code requestState} (SEP-2322): the client holds the state between rounds, so the server
 * signs it with HMAC-SHA256 under a key only it knows and refuses any state whose signature does not match. The
 * state is bound to the method and name it was issued for and expires after {@code lifetimeMs}. The key is made
 * per process: a state outlives neither a restart nor a move to another node, and a client then simply asks again
 * without it (the server re-requests the input).
 *
 * <p>Wire form: {@code base64url(json) "." base64url(hmac)}.
 */
final class RequestStates {

  private static final String ALGORITHM = "HmacSHA256";
  private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
  private static final Base64.Decoder DECODER = Base64.getUrlDecoder();

  private final SecretKeySpec key;
  private final long lifetimeMs;

  RequestStates(byte[] secret, long lifetimeMs) {
    this.key = new SecretKeySpec(secret.clone(), ALGORITHM);
    this.lifetimeMs = lifetimeMs;
  }

  /** A fresh random 256-bit key. */
  static RequestStates withRandomKey(long lifetimeMs) {
    byte[] secret = new byte[32];
    new SecureRandom().nextBytes(secret);
    return new RequestStates(secret, lifetimeMs);
  }

  /** Signs {@code answers} (the inputs gathered so far) for a retry of {@code method} on {@code name}. */
  String seal(String method, String name, JsonObject answers) {
    JsonObject payload = new JsonObject().put("m", method).put("n", name)
      .put("exp", System.currentTimeMillis() + lifetimeMs).put("a", answers);
    String body = ENCODER.encodeToString(payload.encode().getBytes(StandardCharsets.UTF_8));
    return body + "." + ENCODER.encodeToString(mac(body));
  }

  /**
   * The answers a state carries, after checking its signature, binding and age.
   *
   * @throws JsonRpcException invalid params, saying why, when the state cannot be trusted
   */
  JsonObject open(String state, String method, String name) {
    int dot = state.indexOf('.');
    byte[] given;
    try {
      given = dot < 0 ? null : DECODER.decode(state.substring(dot + 1));
    } catch (IllegalArgumentException e) {
      given = null;
    }
    if (given == null || !MessageDigest.isEqual(given, mac(state.substring(0, dot)))) {
      throw refused("it failed its integrity check (it was changed, or issued by another server process)");
    }
    JsonObject payload;
    try {
      payload = new JsonObject(new String(DECODER.decode(state.substring(0, dot)), StandardCharsets.UTF_8));
    } catch (IllegalArgumentException | DecodeException e) {
      throw refused("it cannot be read");
    }
    if (!method.equals(payload.getString("m")) || !java.util.Objects.equals(name, payload.getString("n"))) {
      throw refused("it was issued for another request (" + payload.getString("m") + " " + payload.getString("n") + ")");
    }
    if (payload.getLong("exp", 0L) < System.currentTimeMillis()) {
      throw refused("it expired");
    }
    return payload.getJsonObject("a", new JsonObject());
  }

  private static JsonRpcException refused(String why) {
    return JsonRpcException.invalidParams("Invalid params: requestState was refused because " + why
      + ". Send the request again without requestState and inputResponses; the server asks for its inputs anew.");
  }

  private byte[] mac(String body) {
    try {
      Mac mac = Mac.getInstance(ALGORITHM);
      mac.init(key);
      return mac.doFinal(body.getBytes(StandardCharsets.US_ASCII));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(ALGORITHM + " is part of every Java runtime", e);
    }
  }
}
