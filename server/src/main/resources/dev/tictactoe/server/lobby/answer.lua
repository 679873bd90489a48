-- The pairing node answers a ticket waiting on another node: stored under the ticket (a message
-- on pub/sub may be dropped) and published to that node.
-- KEYS: 1 the ticket
-- ARGV: 1 the node's channel, 2 the answer
if redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('HSET', KEYS[1], 'state', 'a', 'answer', ARGV[2])
  redis.call('PEXPIRE', KEYS[1], 60000)
end
return redis.call('PUBLISH', ARGV[1], ARGV[2])
