-- A quick-match ticket arrives: paired with the oldest live ticket of its settings, or queued.
-- One script, so two nodes racing for the same partner cannot both get it.
-- KEYS: 1 the settings' queue, 2 the ticket, 3 the player, 4 every waiting ticket by deadline
-- ARGV: 1 ticket id, 2 node, 3 player, 4 name, 5 wait ms, 6 size, 7 win length, 8 clock,
--       9 ticket key prefix, 10 player key prefix, 11 '1' when it may wait (else the node is full)
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', now)
if redis.call('EXISTS', KEYS[3]) == 1 then return {'already_queued'} end
if redis.call('EXISTS', KEYS[2]) == 1 then return {'ticket_in_use'} end
while true do
  local other = redis.call('LPOP', KEYS[1])
  if not other then break end
  local key = ARGV[9] .. other
  local f = redis.call('HMGET', key, 'state', 'node', 'name', 'player', 'deadline')
  -- A ticket whose node let it go, or whose wait is over, is dropped on the way.
  if f[1] == 'w' and tonumber(f[5]) > now then
    redis.call('HSET', key, 'state', 'p')
    redis.call('DEL', ARGV[10] .. f[4])
    redis.call('ZREM', KEYS[4], other)
    return {'paired', other, f[2], f[3], f[4]}
  end
end
if ARGV[11] ~= '1' then return {'queue_full'} end
local wait = tonumber(ARGV[5])
local deadline = now + wait
redis.call('HSET', KEYS[2], 'state', 'w', 'node', ARGV[2], 'player', ARGV[3], 'name', ARGV[4],
  'q', KEYS[1], 'since', now, 'deadline', deadline, 'size', ARGV[6], 'k', ARGV[7],
  'clock', ARGV[8])
-- Kept a minute past the wait, so an answer stored under it outlives a dropped message.
redis.call('PEXPIRE', KEYS[2], wait + 60000)
redis.call('SET', KEYS[3], ARGV[1], 'PX', wait)
redis.call('RPUSH', KEYS[1], ARGV[1])
redis.call('PEXPIRE', KEYS[1], wait + 60000)
redis.call('ZADD', KEYS[4], deadline, ARGV[1])
return {'queued'}
