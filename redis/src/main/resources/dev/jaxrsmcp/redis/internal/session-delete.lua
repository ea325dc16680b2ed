-- Removes a session record and its places in the indexes; returns 1 when it existed.
-- KEYS[1] the record, KEYS[2] the index of live sessions.
-- ARGV[1] id, ARGV[2] prefix of caller index keys.
local caller = redis.call('HGET', KEYS[1], 'caller')
local existed = redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[1])
if caller then redis.call('ZREM', ARGV[2] .. caller, ARGV[1]) end
return existed
