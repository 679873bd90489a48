-- A node takes a waiting ticket out (cancelled, bot fill, timeout) if nobody paired it first.
-- KEYS: 1 the ticket, 2 every waiting ticket by deadline
-- ARGV: 1 ticket id, 2 player key prefix
local f = redis.call('HMGET', KEYS[1], 'state', 'node', 'q', 'player', 'answer')
if not f[1] then return {'gone'} end
if f[1] == 'w' then
  redis.call('LREM', f[3], 1, ARGV[1])
  redis.call('DEL', KEYS[1])
  redis.call('DEL', ARGV[2] .. f[4])
  redis.call('ZREM', KEYS[2], ARGV[1])
  return {'claimed', f[2]}
end
if f[1] == 'a' then return {'answered', f[2], f[5]} end
return {'pending', f[2]}
