package dev.jaxrsmcp.internal.security;

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
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.function.Supplier;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Binds a legacy session (and tells the quota a caller counts against) to the identity the
 * application's filters established (contract section 15): a keyed hash (HMAC-SHA256) of the
 * authenticated principal's name (when principal binding is on and the request has one), else of
 * the key the application names for its callers ({@code McpFeature.Builder.callerKey}), else of the
 * values of the binding headers ({@code Authorization} and {@code Cookie} by default). A
 * fingerprint is one tag byte saying which it was made from ({@code p}, {@code k}, {@code h})
 * followed by the hash; it is matched by the same kind only: a principal-bound session by that
 * principal, a key-bound one by that key, a header-bound one by those headers. The raw values are
 * never stored; the hash cannot be checked against a guessed credential without the key. The key is
 * random and lives in memory, or comes from the shared session store (the same on every instance).
 * Thread-safe.
 */
public final class CallerBinding {
  /** The quota of every caller the application's filters did not authenticate. */
  public static final String ANONYMOUS = dev.jaxrsmcp.internal.quota.OwnerQuota.ANONYMOUS;

  private static final String ALGORITHM = "HmacSHA256";
  private static final byte[] PRINCIPAL = {'p'};
  private static final byte[] KEY = {'k'};
  private static final byte[] HEADERS = {'h'};
  private static final int HASH_BYTES = 32;
  private static final byte[] END_OF_VALUES = {-1, -1, -1, -1};

  /** MACs kept between hashes: at most as many as hash at once, up to this bound. */
  private static final int IDLE_MACS = 64;

  private final List<String> headers;
  private final boolean principal;
  private final Supplier<byte[]> keySource;
  private volatile Optional<SecretKeySpec> key = Optional.empty();

  /** An initialized MAC that is only ever copied, never updated. */
  private volatile Optional<Mac> prototype = Optional.empty();

  private volatile boolean copies = true;

  /** Reset MACs (a finished hash resets its MAC) that the next hash takes instead of a copy. */
  private final BlockingQueue<Mac> idle = new ArrayBlockingQueue<>(IDLE_MACS);

  /**
   * Binding to the headers only, under a random key of its own.
   *
   * @param headers the binding header names; none turns binding off
   */
  public CallerBinding(List<String> headers) {
    this(headers, false, randomKey());
  }

  /**
   * @param headers the binding header names; with {@code principal} false and no caller key, none
   *     turns binding off
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
    return fingerprint(requestHeaders, Optional.empty(), Optional.empty());
  }

  /** As {@link #fingerprint(Map, Optional, Optional)} for a caller without a caller key. */
  public byte[] fingerprint(Map<String, List<String>> requestHeaders, Optional<String> name) {
    return fingerprint(requestHeaders, name, Optional.empty());
  }

  /**
   * The fingerprint of a caller: its principal's name when principal binding is on and it has one,
   * else the key its application named for it, else its identifying headers; empty when binding is
   * off (no binding headers, and neither of the others).
   */
  public byte[] fingerprint(
      Map<String, List<String>> requestHeaders, Optional<String> name, Optional<String> callerKey) {
    if (principal && name.isPresent()) {
      return tagged(PRINCIPAL, valueHash(PRINCIPAL, name.get()));
    }
    if (callerKey.isPresent()) {
      return tagged(KEY, valueHash(KEY, callerKey.get()));
    }
    if (headers.isEmpty()) {
      return new byte[0];
    }
    return tagged(HEADERS, headerHash(requestHeaders));
  }

  /** Whether a request's identifying headers are those the fingerprint was made from. */
  public boolean matches(byte[] fingerprint, Map<String, List<String>> requestHeaders) {
    return matches(fingerprint, requestHeaders, Optional.empty(), Optional.empty());
  }

  /** As {@link #matches(byte[], Map, Optional, Optional)} for a caller without a caller key. */
  public boolean matches(
      byte[] fingerprint, Map<String, List<String>> requestHeaders, Optional<String> name) {
    return matches(fingerprint, requestHeaders, name, Optional.empty());
  }

  /**
   * Whether a caller is the one the fingerprint was made from, by the kind it was made from: the
   * same principal for a principal-bound fingerprint (a refreshed token of the same user matches;
   * another principal, or none, does not), the same caller key for a key-bound one, the same
   * headers for a header-bound one. An empty fingerprint (binding off) matches everyone.
   */
  public boolean matches(
      byte[] fingerprint,
      Map<String, List<String>> requestHeaders,
      Optional<String> name,
      Optional<String> callerKey) {
    if (fingerprint.length == 0) {
      return true;
    }
    if (fingerprint.length != 1 + HASH_BYTES) {
      return false;
    }
    byte[] hash = Arrays.copyOfRange(fingerprint, 1, fingerprint.length);
    return switch (fingerprint[0]) {
      case 'p' -> name.isPresent() && MessageDigest.isEqual(hash, valueHash(PRINCIPAL, name.get()));
      case 'k' ->
          callerKey.isPresent() && MessageDigest.isEqual(hash, valueHash(KEY, callerKey.get()));
      case 'h' -> MessageDigest.isEqual(hash, headerHash(requestHeaders));
      default -> false;
    };
  }

  /**
   * Whether the fingerprint can be checked before the application's filters ran (an in-place read
   * arrives before any filter has authenticated anyone): a header-bound or unbound one can; one
   * made from a principal or a caller key is checked once the filters ran, before the route.
   */
  public boolean checkedBeforeFilters(byte[] fingerprint) {
    return fingerprint.length == 0 || fingerprint[0] == 'h';
  }

  /** Whether the fingerprint was made from a principal or a caller key. */
  public boolean boundToIdentity(byte[] fingerprint) {
    return !checkedBeforeFilters(fingerprint);
  }

  /**
   * Whose quotas a caller uses: its principal, else the key its application named for it (each as a
   * keyed hash), else {@link #ANONYMOUS}, the one bucket every caller the application did not
   * authenticate shares (whatever headers it sends: varying them buys nothing).
   */
  public String quotaKey(Optional<String> name, Optional<String> callerKey) {
    if (name.isPresent()) {
      return "p:"
          + Base64.getUrlEncoder()
              .withoutPadding()
              .encodeToString(valueHash(PRINCIPAL, name.get()));
    }
    if (callerKey.isPresent()) {
      return "k:"
          + Base64.getUrlEncoder().withoutPadding().encodeToString(valueHash(KEY, callerKey.get()));
    }
    return ANONYMOUS;
  }

  private static byte[] tagged(byte[] tag, byte[] hash) {
    byte[] out = new byte[1 + hash.length];
    out[0] = tag[0];
    System.arraycopy(hash, 0, out, 1, hash.length);
    return out;
  }

  private byte[] valueHash(byte[] domain, String value) {
    Mac mac = mac();
    mac.update(domain);
    field(mac, value);
    return done(mac);
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
      mac.update(END_OF_VALUES); // no field is this long: ends the header's values
    }
    return done(mac);
  }

  /** Length-prefixed, so no two different header sets feed the same bytes. */
  private static void field(Mac mac, String text) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    int length = bytes.length; // big-endian, as ByteBuffer.putInt wrote it
    mac.update((byte) (length >>> 24));
    mac.update((byte) (length >>> 16));
    mac.update((byte) (length >>> 8));
    mac.update((byte) length);
    mac.update(bytes);
  }

  /** A MAC under the key, ready for a hash: an idle one, else a fresh one. */
  private Mac mac() {
    Mac mac = idle.poll();
    return mac != null ? mac : fresh();
  }

  /** Finishes the hash, which resets {@code mac}, and keeps {@code mac} for the next one. */
  private byte[] done(Mac mac) {
    byte[] hash = mac.doFinal();
    idle.offer(mac); // dropped when enough are idle
    return hash;
  }

  /**
   * A fresh MAC under the key: a copy of one initialized once (finding the provider and setting the
   * key cost more than the hash), or, where the provider cannot copy its MACs, a new one. The
   * prototype is only ever copied, never updated, so threads may copy it at once.
   */
  private Mac fresh() {
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
