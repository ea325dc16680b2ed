-- Records a use of a session now: renews its expiry (the idle timeout once confirmed, the
-- unconfirmed one before) and its places in the indexes; returns the record's fields, or an empty
-- list when it ended or expired.
-- KEYS[1] the record, KEYS[2] the index of live sessions.
-- ARGV[1] id, ARGV[2] idle ms, ARGV[3] unconfirmed ms, ARGV[4] prefix of caller index keys,
-- ARGV[5] '1' to mark the session confirmed first.
if redis.call('EXISTS', KEYS[1]) == 0 then
  redis.call('ZREM', KEYS[2], ARGV[1])
  return {}
end
if ARGV[5] == '1' then
  redis.call('HSET', KEYS[1], 'init', '1')
end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[3])
if redis.call('HGET', KEYS[1], 'init') == '1' then ttl = tonumber(ARGV[2]) end
redis.call('PEXPIRE', KEYS[1], ttl)
redis.call('HSET', KEYS[1], 'used', now)
redis.call('ZADD', KEYS[2], 'XX', now + ttl, ARGV[1])
local caller = redis.call('HGET', KEYS[1], 'caller')
if caller then
  local key = ARGV[4] .. caller
  redis.call('ZADD', key, 'XX', now + ttl, ARGV[1])
  redis.call('PEXPIRE', key, tonumber(ARGV[2]))
end
return redis.call('HGETALL', KEYS[1])
