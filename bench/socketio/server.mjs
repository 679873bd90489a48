#!/usr/bin/env node
// A tic-tac-toe server of the shape people write with Socket.IO, to price a move against ours:
// rooms by code, two seats, the server checks turn and cell, finds the winner, counts a version,
// and tells both players each change; a rematch when both ask. No store, no spectators, no clocks:
// everything ours does beyond that is work this one is spared.
//
//   node server.mjs --port 3000
//
// HTTP: POST /rooms answers {"code": "..."}. Socket events: join {code} -> joined {seat, state};
// move {cell, version}; rematch; the server emits state (whole, after a join or a new game),
// moved {version, seat, cell, turn, status, winner, line}, rematch {seats}, refused {code}.

import { createServer } from 'node:http';
import { Server } from 'socket.io';

const port = Number(process.argv[process.argv.indexOf('--port') + 1] || 3000);
const rooms = new Map();
let nextCode = 1;

const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

const http = createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/rooms') {
    const code = (nextCode++).toString(36).toUpperCase().padStart(6, '0');
    rooms.set(code, { code, seats: { X: null, O: null }, board: Array(9).fill(null), turn: 'X', status: 'waiting', winner: null, line: null, version: 1, game: 1, rematch: new Set() });
    res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ code }));
  } else {
    res.writeHead(404).end();
  }
});

const io = new Server(http, { transports: ['websocket'], serveClient: false, perMessageDeflate: false });

const view = (r) => ({ version: r.version, game: r.game, board: r.board, turn: r.turn, status: r.status, winner: r.winner, line: r.line, rematch: [...r.rematch] });

io.on('connection', (socket) => {
  let room = null;
  let seat = null;
  const refuse = (code) => socket.emit('refused', { code });

  socket.on('join', ({ code } = {}) => {
    const r = rooms.get(code);
    if (!r) return refuse('unknown_room');
    if (room) return refuse('already_joined');
    seat = r.seats.X === null ? 'X' : r.seats.O === null ? 'O' : null;
    if (!seat) return refuse('room_full');
    r.seats[seat] = socket.id;
    room = r;
    socket.join(r.code);
    if (r.seats.X && r.seats.O && r.status === 'waiting') {
      r.status = 'playing';
      r.version++;
    }
    socket.emit('joined', { seat, state: view(r) });
    socket.to(r.code).emit('state', view(r));
  });

  socket.on('move', ({ cell, version } = {}) => {
    const r = room;
    if (!r) return refuse('not_joined');
    if (r.status !== 'playing') return refuse(r.status === 'over' ? 'game_over' : 'waiting_for_opponent');
    if (r.turn !== seat) return refuse('not_your_turn');
    if (!Number.isInteger(cell) || cell < 0 || cell > 8) return refuse('out_of_range');
    if (r.board[cell] !== null) return refuse('cell_taken');
    if (version !== r.version) return refuse('stale_version');
    r.board[cell] = seat;
    const line = LINES.find((l) => l.every((c) => r.board[c] === seat)) ?? null;
    if (line) {
      r.status = 'over';
      r.winner = seat;
      r.line = line;
    } else if (r.board.every((c) => c !== null)) {
      r.status = 'over';
    }
    r.turn = r.status === 'over' ? null : seat === 'X' ? 'O' : 'X';
    r.version++;
    io.to(r.code).emit('moved', { version: r.version, seat, cell, turn: r.turn, status: r.status, winner: r.winner, line: r.line });
  });

  socket.on('rematch', () => {
    const r = room;
    if (!r) return refuse('not_joined');
    if (r.status !== 'over') return refuse('game_not_over');
    if (r.rematch.has(seat)) return;
    r.rematch.add(seat);
    r.version++;
    if (r.rematch.size < 2) {
      io.to(r.code).emit('rematch', { version: r.version, seats: [...r.rematch] });
      return;
    }
    r.game++;
    r.board.fill(null);
    r.turn = r.game % 2 === 1 ? 'X' : 'O';
    r.status = 'playing';
    r.winner = null;
    r.line = null;
    r.rematch.clear();
    io.to(r.code).emit('state', view(r));
  });

  socket.on('disconnect', () => {
    if (!room) return;
    room.seats[seat] = null;
    if (room.seats.X === null && room.seats.O === null) rooms.delete(room.code);
  });
});

http.listen(port, '127.0.0.1', () => console.error(`socket.io reference server on 127.0.0.1:${port}`));
