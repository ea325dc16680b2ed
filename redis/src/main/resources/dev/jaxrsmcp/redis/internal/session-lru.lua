-- The session of one caller used least recently, when it went unused for long enough: a session in
-- use on any instance is renewed well within that time, so it is in use nowhere. Changes nothing.
-- KEYS[1] the caller's index (a sorted set of session ids).
-- ARGV[1] prefix of record keys, ARGV[2] how long it must have gone unused (ms).
-- Returns the session id, or false when none qualifies.
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local oldest = false
local oldestUsed = now - tonumber(ARGV[2])
for _, id in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  local used = tonumber(redis.call('HGET', ARGV[1] .. id, 'used'))
  if used and used <= oldestUsed then
    oldest = id
    oldestUsed = used
  end
end
return oldest
