-- Where a waiting ticket stands, from any node; empty when it does not wait.
-- KEYS: 1 the ticket, 2 every waiting ticket by deadline
-- ARGV: 1 ticket id
local f = redis.call('HMGET', KEYS[1], 'state', 'player', 'name', 'q', 'since', 'size', 'k',
  'clock')
if f[1] ~= 'w' then return {} end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
local position = redis.call('LPOS', f[4], ARGV[1])
return {f[2], f[3], tostring((position or 0) + 1), tostring(redis.call('LLEN', f[4])),
  tostring(redis.call('ZCARD', KEYS[2])), tostring(now - tonumber(f[5])), f[6], f[7], f[8]}
