-- Stores a new session record unless a limit is reached.
-- KEYS[1] the record (a hash), KEYS[2] the index of live sessions, KEYS[3] the caller's index
-- (both sorted sets scored by expiry time in ms).
-- ARGV[1] id, ARGV[2] most sessions, ARGV[3] most per caller, ARGV[4] ttl ms, ARGV[5] idle ms,
-- ARGV[6..] field, value pairs.
-- Returns {1} (stored), {-1, ms} (limit in all; ms until the first live session expires, -1 when
-- there is none), {-2} (caller's quota), {-3} (the id exists).
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[2]) then
  local first = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
  if #first == 2 then return {-1, math.max(0, tonumber(first[2]) - now)} end
  return {-1, -1}
end
if redis.call('ZCARD', KEYS[3]) >= tonumber(ARGV[3]) then return {-2} end
if redis.call('EXISTS', KEYS[1]) == 1 then return {-3} end
local ttl = tonumber(ARGV[4])
for i = 6, #ARGV, 2 do
  redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1])
end
redis.call('HSET', KEYS[1], 'used', now)
redis.call('PEXPIRE', KEYS[1], ttl)
redis.call('ZADD', KEYS[2], now + ttl, ARGV[1])
redis.call('ZADD', KEYS[3], now + ttl, ARGV[1])
redis.call('PEXPIRE', KEYS[3], tonumber(ARGV[5]))
return {1}
