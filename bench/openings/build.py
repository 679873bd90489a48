#!/usr/bin/env python3
"""Grows the opening book of HARD on 15x15 five in a row with an outside Gomocup brain.

    build.py tree BRAIN x|o DEPTH THINK_MS      the tree from the empty board
    build.py from BRAIN FILE DEPTH THINK_MS      the trees from the positions in FILE
    build.py exits BOOK MATCH_OUTPUT...          where the games of a match left the book
    build.py play BRAIN BOOK x|o BUDGETS GAMES THINK_MS   the book against the brain in games
    build.py merge BOOK LINES...                 adds the new positions of LINES to BOOK

`tree x`: the book's side moves first (the centre) and the tree starts from both kinds of reply,
next to it and diagonal to it; `tree o`: the book's side answers the centre. `from` starts from
the positions in FILE (one line of moves each, the book's side to move), such as `exits` prints:
for each game of `match ... show=lost` output, the first position where the book's side was to
move and the book had no answer. In each position where the book's side is to move, its move is
the brain's choice at THINK_MS; the opponent's replies followed are the brain's choices at 100,
150, 200, 300, 400, 600 and 1,000 ms, what an engine held to such a budget plays (on a faster or
slower machine than the book's, a budget plays what another one does here). DEPTH is how many of the
book's own moves a line gets; a move the brain rates a forced win does not count, and its line
goes on (following the replies at 200 ms and 1 s) until that win is 11 plies or fewer, about
what the search finds by itself. Positions met again, in another order or under one of the
board's eight symmetries, are analysed once. Prints the book's lines (`moves -> move  # value`).

`play` meets the brain's replies as a match does, from a brain that keeps its hash table from move
to move (and so answers some positions otherwise than when asked afresh): GAMES games at each of
the BUDGETS (ms, comma-separated), the book's side moving from BOOK and the lines printed so far;
where the book has no answer the brain's choice at THINK_MS is printed and played. A game ends at
a forced win of SHORT_MATE_PLIES or fewer, at a five, or after LONGEST_LINE moves.

`merge` appends to BOOK the lines of the other files whose positions it lacks (in any order of
the moves and under any symmetry), the first of each, and says how many it added.
"""
import collections
import re
import subprocess
import sys

N = 15
REPLY_BUDGETS_MS = (100, 150, 200, 300, 400, 600, 1000)
MATE_REPLY_BUDGETS_MS = (200, 1000)
SHORT_MATE_PLIES = 11
LONGEST_LINE = 40


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


def form(turn, moves):
    """The position after `moves` under one symmetry; move order does not count."""
    first = sorted(turn(*xy(m)) for m in moves[0::2])
    second = sorted(turn(*xy(m)) for m in moves[1::2])
    return str((first, second))


def canonical(moves):
    """The position's smallest form over the symmetries; move order does not count."""
    return min(form(turn, moves) for turn in SYMMETRIES)


def board(moves):
    """The Piskvork BOARD command for the side to move after `moves` (1: its own stones)."""
    to_move = len(moves) % 2
    stones = [f'{x},{y},{1 if i % 2 == to_move else 2}'
              for i, (x, y) in enumerate(xy(m) for m in moves)]
    return ['BOARD', *stones, 'DONE']


def start(millis):
    """The commands that open a game of freestyle on the board at `millis` a move."""
    return [f'START {N}', f'INFO timeout_turn {millis}', 'INFO timeout_match 100000000',
            'INFO time_left 100000000', 'INFO rule 0']


def answer(line):
    """The move named by a brain's output line (`x,y`), or None."""
    found = re.fullmatch(r'(\d+),(\d+)', line.strip())
    return name(int(found.group(1)), int(found.group(2))) if found else None


def think(brain, moves, millis):
    """The brain's move and value for the side to move after `moves`, asked afresh."""
    lines = [*start(millis), *board(moves), 'END']
    out = subprocess.run([brain], input='\n'.join(lines) + '\n', capture_output=True, text=True,
                         timeout=60 + 10 * millis // 1000).stdout
    moves_out = [m for m in map(answer, out.splitlines()) if m]
    values = re.findall(r'Eval (\S+)', out)
    return moves_out[-1], values[-1] if values else '?'


def analyse(brain, moves, think_ms):
    """The book's move after `moves`, printed as a line; and the plies of its forced win, if any."""
    move, value = think(brain, moves, think_ms)
    print(f"{' '.join(moves)} -> {move}  # {value}", flush=True)
    mate = re.fullmatch(r'\+?M(\d+)', value)
    return move, int(mate.group(1)) if mate else None


def grow(brain, starts, depth, think_ms):
    seen = set()
    queue = collections.deque((moves, depth) for moves in starts)
    while queue:
        moves, left = queue.popleft()
        key = canonical(moves)
        if left == 0 or key in seen or len(moves) > LONGEST_LINE:
            continue
        seen.add(key)
        move, mate = analyse(brain, moves, think_ms)
        if mate is not None and mate <= SHORT_MATE_PLIES:
            continue
        after = moves + [move]
        replies = {}
        for millis in REPLY_BUDGETS_MS if mate is None else MATE_REPLY_BUDGETS_MS:
            reply, _ = think(brain, after, millis)
            replies.setdefault(canonical(after + [reply]), reply)
        for reply in replies.values():
            queue.append((after + [reply], left - 1 if mate is None else left))


def book_lines(path):
    """The lines of a book (or of a file of its lines) as (moves so far, move to play, line)."""
    for line in open(path):
        position = line.split('#')[0]
        if '->' in position:
            moves, move = position.split('->')
            yield moves.split(), move.strip(), line.rstrip('\n')


def book_positions(path):
    return {canonical(moves) for moves, _, _ in book_lines(path)}


def exits(book, outputs):
    """The first position of each lost game where the book's side was to move, off the book."""
    known = book_positions(book)
    found = {}
    for path in outputs:
        for line in open(path):
            game = re.match(r'game \d+, A is (X|O), \w+ wins?: (.*)', line)
            if not game:
                continue
            moves = [t for t in game.group(2).split() if not t.endswith('.')]
            first = 2 if game.group(1) == 'X' else 1  # X's own first stone is the centre
            for ply in range(first, min(len(moves), LONGEST_LINE), 2):
                if canonical(moves[:ply]) not in known:
                    found.setdefault(canonical(moves[:ply]), ' '.join(moves[:ply]))
                    break
    for position in found.values():
        print(position)


def book_answers(path):
    """Every book position under every symmetry, as it stands, to the move it is answered with."""
    answers = {}
    for moves, move, _ in book_lines(path):
        add_answer(answers, moves, move)
    return answers


def add_answer(answers, moves, move):
    for turn in SYMMETRIES:
        answers.setdefault(form(turn, moves), name(*turn(*xy(move))))


class Game:
    """A brain process for one game, asked for its move on the whole board each turn."""

    def __init__(self, brain, millis):
        self.process = subprocess.Popen([brain], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, bufsize=1)
        self.send(*start(millis))

    def send(self, *lines):
        self.process.stdin.write('\n'.join(lines) + '\n')
        self.process.stdin.flush()

    def move(self, moves):
        self.send(*board(moves))
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError('the brain stopped')
            move = answer(line)
            if move:
                return move

    def close(self):
        self.send('END')
        self.process.wait(timeout=10)


def five(moves):
    """Whether the last move made five in a row (or more)."""
    x0, y0 = xy(moves[-1])
    own = {xy(m) for m in moves[len(moves) - 1::-2]}
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        run = 1
        for sign in (1, -1):
            x, y = x0 + sign * dx, y0 + sign * dy
            while (x, y) in own:
                run += 1
                x, y = x + sign * dx, y + sign * dy
        if run >= 5:
            return True
    return False


def play(brain, book, side, budgets, games, think_ms):
    answers = book_answers(book)
    mine = 0 if side == 'x' else 1
    for millis in budgets:
        for _ in range(games):
            game = Game(brain, millis)
            moves = []
            while len(moves) < LONGEST_LINE and not (moves and five(moves)):
                if len(moves) % 2 != mine:
                    moves.append(game.move(moves))
                    continue
                if not moves:
                    moves.append('h8')
                    continue
                move = answers.get(form(SYMMETRIES[0], moves))
                if move is None:
                    move, mate = analyse(brain, moves, think_ms)
                    add_answer(answers, moves, move)
                    if mate is not None and mate <= SHORT_MATE_PLIES:
                        break
                moves.append(move)
            game.close()


def merge(book, others):
    known = book_positions(book)
    added = []
    for path in others:
        for moves, _, line in book_lines(path):
            key = canonical(moves)
            if key not in known:
                known.add(key)
                added.append(line)
    with open(book, 'a') as out:
        out.writelines(line + '\n' for line in added)
    print(f'added {len(added)} lines')


def main():
    command = sys.argv[1] if len(sys.argv) > 1 else ''
    if command == 'tree':
        brain, side, depth, think_ms = sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
        starts = [['h8', 'h7'], ['h8', 'i7']] if side == 'x' else [['h8']]
        grow(brain, starts, depth, think_ms)
    elif command == 'from':
        brain, path, depth, think_ms = sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
        grow(brain, [l.split() for l in open(path) if l.strip()], depth, think_ms)
    elif command == 'exits':
        exits(sys.argv[2], sys.argv[3:])
    elif command == 'play':
        brain, book, side = sys.argv[2], sys.argv[3], sys.argv[4]
        budgets = [int(b) for b in sys.argv[5].split(',')]
        play(brain, book, side, budgets, int(sys.argv[6]), int(sys.argv[7]))
    elif command == 'merge':
        merge(sys.argv[2], sys.argv[3:])
    else:
        sys.exit(__doc__)


if __name__ == '__main__':
    main()
