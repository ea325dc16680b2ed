package dev.jaxrsmcp.internal.security;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Binds a legacy session to the identity that started it: a keyed hash (HMAC-SHA256) of either the
 * authenticated principal's name (when principal binding is on and the application's filters set
 * one) or the values of the binding headers ({@code Authorization} and {@code Cookie} by default).
 * The raw values are never stored; the hash cannot be checked against a guessed credential without
 * the key. The key is random and lives in memory, or comes from the shared session store (the same
 * on every instance). A principal-bound fingerprint also carries the headers' hash, for the check
 * that runs before the application's filters have set a principal ({@link #matchesBeforeFilters}).
 * Thread-safe.
 */
public final class CallerBinding {
  private static final String ALGORITHM = "HmacSHA256";
  private static final byte[] PRINCIPAL = {'p'};
  private static final byte[] HEADERS = {'h'};
  private static final int HASH_BYTES = 32;

  private final List<String> headers;
  private final boolean principal;
  private final Supplier<byte[]> keySource;
  private volatile Optional<SecretKeySpec> key = Optional.empty();

  /** An initialized MAC that is only ever copied, never updated. */
  private volatile Optional<Mac> prototype = Optional.empty();

  private volatile boolean copies = true;

  /**
   * Binding to the headers only, under a random key of its own.
   *
   * @param headers the binding header names; none turns binding off
   */
  public CallerBinding(List<String> headers) {
    this(headers, false, randomKey());
  }

  /**
   * @param headers the binding header names; with {@code principal} false, none turns binding off
   * @param principal bind to the principal's name when the request has one
   * @param keySource the key (asked once, when first needed; may throw while it is unavailable)
   */
  public CallerBinding(List<String> headers, boolean principal, Supplier<byte[]> keySource) {
    this.headers = headers.stream().map(h -> h.toLowerCase(Locale.ROOT)).toList();
    this.principal = principal;
    this.keySource = keySource;
  }

  /** The fingerprint of a request's identifying headers (the same for the same values). */
  public byte[] fingerprint(Map<String, List<String>> requestHeaders) {
    return fingerprint(requestHeaders, Optional.empty());
  }

  /**
   * The fingerprint of a caller: its principal's name (followed by the headers' hash) when
   * principal binding is on and it has one, else its identifying headers; empty when binding is
   * off.
   */
  public byte[] fingerprint(Map<String, List<String>> requestHeaders, Optional<String> name) {
    if (principal && name.isPresent()) {
      byte[] named = principalHash(name.get());
      byte[] headed = headerHash(requestHeaders);
      byte[] both = new byte[named.length + headed.length];
      System.arraycopy(named, 0, both, 0, named.length);
      System.arraycopy(headed, 0, both, named.length, headed.length);
      return both;
    }
    return headerHash(requestHeaders);
  }

  /** Whether a request's identifying headers are those the fingerprint was made from. */
  public boolean matches(byte[] fingerprint, Map<String, List<String>> requestHeaders) {
    return matches(fingerprint, requestHeaders, Optional.empty());
  }

  /**
   * Whether a caller is the one the fingerprint was made from: the same principal for a
   * principal-bound session (a refreshed token of the same user matches), the same headers
   * otherwise.
   */
  public boolean matches(
      byte[] fingerprint, Map<String, List<String>> requestHeaders, Optional<String> name) {
    if (fingerprint.length == 2 * HASH_BYTES) {
      return name.isPresent()
          && MessageDigest.isEqual(
              Arrays.copyOf(fingerprint, HASH_BYTES), principalHash(name.get()));
    }
    return MessageDigest.isEqual(fingerprint, headerHash(requestHeaders));
  }

  /**
   * The check for a request seen before the application's filters ran (an in-place read is checked
   * when it arrives, before any filter of the application has set a principal): the headers that
   * started the session. A principal-bound session whose client has since refreshed its token does
   * not match here.
   */
  public boolean matchesBeforeFilters(
      byte[] fingerprint, Map<String, List<String>> requestHeaders) {
    byte[] headed =
        fingerprint.length == 2 * HASH_BYTES
            ? Arrays.copyOfRange(fingerprint, HASH_BYTES, fingerprint.length)
            : fingerprint;
    return MessageDigest.isEqual(headed, headerHash(requestHeaders));
  }

  /** Whether the fingerprint was made from a principal (and so is matched by principal only). */
  public boolean boundToPrincipal(byte[] fingerprint) {
    return fingerprint.length == 2 * HASH_BYTES;
  }

  private byte[] principalHash(String name) {
    Mac mac = mac();
    mac.update(PRINCIPAL);
    field(mac, name);
    return mac.doFinal();
  }

  private byte[] headerHash(Map<String, List<String>> requestHeaders) {
    if (headers.isEmpty()) {
      return new byte[0];
    }
    Mac mac = mac();
    mac.update(HEADERS);
    for (String header : headers) {
      field(mac, header);
      for (Map.Entry<String, List<String>> entry : requestHeaders.entrySet()) {
        if (entry.getKey().equalsIgnoreCase(header)) {
          entry.getValue().forEach(value -> field(mac, value.strip()));
        }
      }
      mac.update(new byte[] {-1, -1, -1, -1}); // no field is this long: ends the header's values
    }
    return mac.doFinal();
  }

  /**
   * Whose session quota a caller uses: its principal or credential headers (as a keyed hash), or,
   * when it sent none of them, its address ({@code anonymous} when the container does not tell).
   */
  public String quotaKey(
      Map<String, List<String>> requestHeaders, Optional<String> name, Optional<String> address) {
    boolean credentials =
        (principal && name.isPresent())
            || requestHeaders.keySet().stream()
                .anyMatch(h -> headers.contains(h.toLowerCase(Locale.ROOT)));
    if (!credentials) {
      return "address:" + address.orElse("anonymous");
    }
    byte[] who =
        principal && name.isPresent() ? principalHash(name.get()) : headerHash(requestHeaders);
    return "caller:" + Base64.getUrlEncoder().withoutPadding().encodeToString(who);
  }

  /** Length-prefixed, so no two different header sets feed the same bytes. */
  private static void field(Mac mac, String text) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    mac.update(ByteBuffer.allocate(4).putInt(bytes.length).array());
    mac.update(bytes);
  }

  /**
   * A fresh MAC under the key: a copy of one initialized once (finding the provider and setting the
   * key cost more than the hash), or, where the provider cannot copy its MACs, a new one. The
   * prototype is only ever copied, never updated, so threads may copy it at once.
   */
  private Mac mac() {
    if (copies) {
      try {
        return (Mac) prototype().clone();
      } catch (CloneNotSupportedException e) {
        copies = false; // this provider's MACs cannot be copied: a new one each time
      }
    }
    return newMac();
  }

  private Mac prototype() {
    Optional<Mac> initialized = prototype;
    if (initialized.isEmpty()) {
      initialized = Optional.of(newMac());
      prototype = initialized;
    }
    return initialized.get();
  }

  private Mac newMac() {
    SecretKeySpec spec = key.orElseGet(() -> new SecretKeySpec(keySource.get(), ALGORITHM));
    key = Optional.of(spec);
    try {
      Mac mac = Mac.getInstance(ALGORITHM);
      mac.init(spec);
      return mac;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is not available", e);
    }
  }

  private static Supplier<byte[]> randomKey() {
    byte[] secret = new byte[32];
    new SecureRandom().nextBytes(secret);
    return secret::clone;
  }
}
