-- Sets one field of a live session record (never creating one); returns the field's old value.
-- KEYS[1] the record. ARGV[1] the field, ARGV[2] the value ('' deletes the field).
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
local old = redis.call('HGET', KEYS[1], ARGV[1])
if ARGV[2] == '' then
  redis.call('HDEL', KEYS[1], ARGV[1])
else
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
end
return old
