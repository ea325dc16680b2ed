-- A new generation number for a session's GET stream; 0 when the session is gone.
-- KEYS[1] the record.
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
return redis.call('HINCRBY', KEYS[1], 'stream', 1)
