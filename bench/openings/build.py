#!/usr/bin/env python3
"""Grows the opening book of HARD on 15x15 five in a row with an outside Gomocup brain.

    python3 bench/openings/build.py BRAIN SIDE DEPTH THINK_MS > lines.txt

SIDE is x (the book's side moves first: it opens at the centre and the tree starts from both
kinds of reply, next to it and diagonal to it) or o (the book's side answers the centre). In each
position where the book's side is to move, its move is the brain's choice at THINK_MS; the
opponent's replies followed are the brain's choices at 100, 200, 400 and 1,000 ms, what an engine
held to such a budget plays. DEPTH is how many of the book's own moves a line gets; a line stops
early at a move the brain rates a forced win. Positions met again, in another order or under one
of the board's eight symmetries, are analysed once. Prints the book's lines
(`moves -> move  # value`).
"""
import re
import subprocess
import sys

N = 15
REPLY_BUDGETS_MS = (100, 200, 400, 1000)


def xy(move):
    return ord(move[0]) - ord('a'), int(move[1:]) - 1


def name(x, y):
    return chr(ord('a') + x) + str(y + 1)


SYMMETRIES = [
    lambda x, y: (x, y), lambda x, y: (N - 1 - x, y),
    lambda x, y: (x, N - 1 - y), lambda x, y: (N - 1 - x, N - 1 - y),
    lambda x, y: (y, x), lambda x, y: (N - 1 - y, x),
    lambda x, y: (y, N - 1 - x), lambda x, y: (N - 1 - y, N - 1 - x),
]


def canonical(moves):
    """The position's smallest form over the symmetries; move order does not count."""
    forms = []
    for turn in SYMMETRIES:
        first = sorted(turn(*xy(m)) for m in moves[0::2])
        second = sorted(turn(*xy(m)) for m in moves[1::2])
        forms.append(str((first, second)))
    return min(forms)


def think(brain, moves, millis):
    """The brain's move and value for the side to move after `moves` (Piskvork BOARD command)."""
    to_move = len(moves) % 2
    lines = ['START 15', f'INFO timeout_turn {millis}', 'INFO timeout_match 100000000',
             'INFO rule 0', 'BOARD']
    for i, move in enumerate(moves):
        x, y = xy(move)
        lines.append(f'{x},{y},{1 if i % 2 == to_move else 2}')
    lines += ['DONE', 'END']
    out = subprocess.run([brain], input='\n'.join(lines) + '\n', capture_output=True, text=True,
                         timeout=60 + 10 * millis // 1000).stdout
    answers = [l.strip() for l in out.splitlines() if re.fullmatch(r'\d+,\d+', l.strip())]
    values = re.findall(r'Eval (\S+)', out)
    x, y = map(int, answers[-1].split(','))
    return name(x, y), values[-1] if values else '?'


def main():
    brain, side, depth, think_ms = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    seen = set()

    def grow(moves, left):
        key = canonical(moves)
        if left == 0 or key in seen:
            return
        seen.add(key)
        move, value = think(brain, moves, think_ms)
        print(f"{' '.join(moves)} -> {move}  # {value}", flush=True)
        if value.lstrip('+').startswith('M'):
            return
        after = moves + [move]
        replies = {}
        for millis in REPLY_BUDGETS_MS:
            reply, _ = think(brain, after, millis)
            replies.setdefault(canonical(after + [reply]), reply)
        for reply in replies.values():
            grow(after + [reply], left - 1)

    if side == 'x':
        for reply in ('h7', 'i7'):
            grow(['h8', reply], depth)
    else:
        grow(['h8'], depth)


if __name__ == '__main__':
    main()
