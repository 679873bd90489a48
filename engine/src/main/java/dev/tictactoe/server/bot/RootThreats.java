package dev.tictactoe.server.bot;

import org.jspecify.annotations.Nullable;

/** The threats at {@link GomokuSearch}'s root: the mover's own win, then refuting the other's. */
final class RootThreats {

    static final int ROOT_VCF_DEPTH = 12;
    static final int ROOT_VCT_DEPTH = 8;

    // Percent of the budget for the own wins by fours, then by threes, then for defence.
    static final int VCF_SHARE = 5;
    static final int VCT_SHARE = 10;
    static final int DEFENCE_SHARE = 30;
    private final PatternBoard b;
    private final Threats threats;
    private final long start;
    private final long deadline;
    private final long span;
    private final long spanNodes;
    private final int[] mark;
    private int markStamp;

    /** Whether the moves {@link #refute} kept last were shown to hold (or nothing threatened). */
    boolean shownToHold;

    RootThreats(PatternBoard b, Threats threats, long start, long deadline, long nodeLimit) {
        this.b = b;
        this.threats = threats;
        this.start = start;
        this.deadline = deadline;
        span = deadline == Long.MAX_VALUE ? 0 : deadline - start;
        spanNodes = nodeLimit == Long.MAX_VALUE ? 4_000_000 : nodeLimit;
        mark = new int[b.cells];
    }

    /** How the side to move wins by threats (the first move in {@code threats}), or null. */
    @Nullable String ownWin() {
        if (threats.vcf(ROOT_VCF_DEPTH, spanNodes * VCF_SHARE / 100, share(VCF_SHARE))) {
            return "forced win by continuous fours";
        }
        if (threats.vct(
                ROOT_VCT_DEPTH, spanNodes * VCT_SHARE / 100, share(VCF_SHARE + VCT_SHARE))) {
            return "forced win by threes and fours";
        }
        return null;
    }

    private long share(int percent) {
        return span == 0 ? Long.MAX_VALUE : start + span * percent / 100;
    }

    /** Against a win by threats keeps the moves shown to hold, else those not shown to lose. */
    int refute(int[] root, int n) {
        long nodeBudget = spanNodes * DEFENCE_SHARE / 100;
        long until = share(VCF_SHARE + VCT_SHARE + DEFENCE_SHARE);
        b.pass();
        boolean vcf = threats.vcf(ROOT_VCF_DEPTH, nodeBudget / 8, until);
        boolean vct =
                !vcf && !threats.aborted && threats.vct(ROOT_VCT_DEPTH, nodeBudget / 8, until);
        b.pass();
        shownToHold = !vcf && !vct;
        if (shownToHold) {
            return n;
        }
        threats.hintLastLine();
        int[] order = new int[n];
        int relevant = likelyDefencesFirst(root, n, order);
        int[] held = new int[n];
        int h = 0;
        int[] unsure = new int[n];
        int u = 0;
        long end = threats.nodes + nodeBudget * 3 / 4;
        boolean timed = deadline != Long.MAX_VALUE;
        for (int i = 0; i < relevant; i++) {
            int m = order[i];
            long left = end - threats.nodes;
            if (left <= 0 || (timed && System.nanoTime() > until)) {
                System.arraycopy(order, i, unsure, u, relevant - i);
                u += relevant - i;
                break;
            }
            long each = Math.max(200, left / (relevant - i));
            b.play(m);
            boolean loses = threats.vcf(ROOT_VCF_DEPTH, each, until);
            boolean sure = !threats.aborted;
            if (!loses && sure) {
                loses = threats.vct(ROOT_VCT_DEPTH, each, until);
                sure = !threats.aborted;
            }
            b.undo();
            if (!sure) {
                unsure[u++] = m;
            } else if (!loses) {
                held[h++] = m;
            }
        }
        threats.clearHint();
        if (h > 0) {
            shownToHold = true;
            return keepInOrder(root, n, held, h);
        }
        return u > 0 ? keepInOrder(root, n, unsure, u) : n;
    }

    /** The root moves that could stop the threat just found, likeliest first; returns how many. */
    private int likelyDefencesFirst(int[] root, int n, int[] order) {
        int onLines = ++markStamp;
        int length = Math.min(threats.proofLength, threats.proof.length);
        boolean whole = threats.proofLength <= threats.proof.length;
        for (int i = 0; i < length; i++) {
            int p = threats.proof[i];
            mark[p] = onLines;
            for (int d = 0; d < 4; d++) {
                for (int e : b.lineCells(p, d)) {
                    mark[e] = onLines;
                }
            }
        }
        int me = b.side;
        int front = 0;
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < n; i++) {
                int m = root[i];
                boolean likely =
                        onLine(m) || b.best(0, m) >= Patterns.FOUR || b.best(1, m) >= Patterns.FOUR;
                boolean could = !whole || mark[m] == onLines || b.best(me, m) >= Patterns.THREE;
                if (pass == 0 ? likely && could : !likely && could) {
                    order[front++] = m;
                }
            }
        }
        return front;
    }

    private boolean onLine(int cell) {
        for (int i = 0; i < threats.lineLength; i++) {
            if (threats.line[i] == cell) {
                return true;
            }
        }
        return false;
    }

    private int keepInOrder(int[] root, int n, int[] kept, int k) {
        int stamp = ++markStamp;
        for (int i = 0; i < k; i++) {
            mark[kept[i]] = stamp;
        }
        int j = 0;
        for (int i = 0; i < n; i++) {
            if (mark[root[i]] == stamp) {
                root[j++] = root[i];
            }
        }
        return j;
    }
}
