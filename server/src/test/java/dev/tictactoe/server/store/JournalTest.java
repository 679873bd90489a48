package dev.tictactoe.server.store;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

@Timeout(60)
class JournalTest {

    private static final Executor DIRECT = Runnable::run;

    @TempDir Path dir;

    static JournalRecord rec(String room, RecordKind kind, long version, String payload) {
        return new JournalRecord(room, kind, version, payload.getBytes(StandardCharsets.UTF_8));
    }

    static Journal.Options options(DurabilityPolicy policy) {
        return Journal.Options.defaults()
                .withPolicy(policy)
                .withRetryBackoff(Duration.ofMillis(1), Duration.ofMillis(20));
    }

    static Map<String, List<JournalRecord>> reopen(Path dir) throws Exception {
        Journal.Opened opened = Journal.open(dir, options(DurabilityPolicy.NONE));
        opened.journal().close();
        return opened.rooms();
    }

    @Test
    void manyRoomsRoundTripInOrder() throws Exception {
        Random random = new Random(42);
        Map<String, List<JournalRecord>> expected = new LinkedHashMap<>();
        RecordKind[] kinds = {
            RecordKind.MOVE, RecordKind.UNDO, RecordKind.SEATED, RecordKind.RESULT
        };
        try (Journal journal = Journal.open(dir, options(DurabilityPolicy.DEFAULT)).journal()) {
            for (int i = 0; i < 2_000; i++) {
                String room = "R" + random.nextInt(50);
                List<JournalRecord> list = expected.computeIfAbsent(room, k -> new ArrayList<>());
                JournalRecord r =
                        list.isEmpty()
                                ? rec(room, RecordKind.CREATED, 0, "{\"size\":3}")
                                : rec(
                                        room,
                                        kinds[random.nextInt(kinds.length)],
                                        list.size(),
                                        "x".repeat(random.nextInt(300)));
                list.add(r);
                assertThat(journal.append(r)).isEqualTo(AppendResult.ACCEPTED);
            }
        }
        Map<String, List<JournalRecord>> rooms = reopen(dir);
        assertThat(rooms).containsExactlyEntriesOf(expected);
        assertThat(List.copyOf(rooms.keySet())).containsExactlyElementsOf(expected.keySet());
    }

    @Test
    void aCheckpointReplacesEarlierRecordsAndAnEndForgetsTheRoom() throws Exception {
        JournalRecord checkpoint = rec("AB", RecordKind.CHECKPOINT, 2, "{\"state\":1}");
        try (Journal journal = Journal.open(dir, options(DurabilityPolicy.NONE)).journal()) {
            journal.append(rec("AB", RecordKind.CREATED, 0, "a"));
            journal.append(rec("AB", RecordKind.MOVE, 1, "b"));
            journal.append(rec("CD", RecordKind.CREATED, 0, "c"));
            journal.append(checkpoint);
            journal.append(rec("AB", RecordKind.MOVE, 3, "d"));
            journal.closeRoom("CD", 1);
        }
        assertThat(reopen(dir))
                .containsOnlyKeys("AB")
                .containsEntry("AB", List.of(checkpoint, rec("AB", RecordKind.MOVE, 3, "d")));
    }

    @Test
    void groupCommitForcesOnceForEverythingQueued() throws Exception {
        TestFiles files = new TestFiles();
        Journal journal =
                Journal.open(
                                dir,
                                options(new DurabilityPolicy.GroupCommit(Duration.ofHours(1))),
                                files)
                        .journal();
        int before = files.forces.get();
        AtomicInteger durable = new AtomicInteger();
        for (int i = 0; i < 100; i++) {
            journal.append(rec("AB", RecordKind.MOVE, i, "m"), DIRECT, durable::incrementAndGet);
        }
        journal.flush().get(10, TimeUnit.SECONDS);
        assertThat(files.forces.get() - before).isEqualTo(1);
        assertThat(durable).hasValue(100);
        journal.close();
    }

    @Test
    void groupCommitForcesWithinItsIntervalWithoutAFlush() throws Exception {
        TestFiles files = new TestFiles();
        try (Journal journal =
                Journal.open(
                                dir,
                                options(new DurabilityPolicy.GroupCommit(Duration.ofMillis(2))),
                                files)
                        .journal()) {
            int before = files.forces.get();
            CountDownLatch durable = new CountDownLatch(1);
            journal.append(rec("AB", RecordKind.MOVE, 1, "m"), DIRECT, durable::countDown);
            assertThat(durable.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(files.forces.get() - before).isEqualTo(1);
        }
    }

    @Test
    void groupCommitWritesWhatGatheredLongBeforeItsForce() throws Exception {
        TestFiles files = new TestFiles();
        try (Journal journal =
                Journal.open(
                                dir,
                                options(new DurabilityPolicy.GroupCommit(Duration.ofHours(1))),
                                files)
                        .journal()) {
            int forces = files.forces.get();
            int writes = files.writes.get();
            files.gate = new CountDownLatch(1);
            CountDownLatch gate = files.gate;
            journal.append(rec("AB", RecordKind.MOVE, 1, "m"));
            assertThat(files.entered.await(10, TimeUnit.SECONDS)).isTrue();
            // Everything appended while the first write is under way goes out in one more write.
            for (int i = 2; i <= 100; i++) {
                journal.append(rec("AB", RecordKind.MOVE, i, "m"));
            }
            gate.countDown();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (files.writes.get() < writes + 2 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertThat(files.writes.get() - writes).isEqualTo(2);
            assertThat(files.forces.get()).isEqualTo(forces);
            journal.flush().get(10, TimeUnit.SECONDS);
            assertThat(files.forces.get() - forces).isEqualTo(1);
            assertThat(files.writes.get() - writes).isEqualTo(2);
        }
    }

    @Test
    void fsyncEachForcesBeforeEveryCallback() throws Exception {
        TestFiles files = new TestFiles();
        try (Journal journal =
                Journal.open(dir, options(DurabilityPolicy.FSYNC_EACH), files).journal()) {
            int before = files.forces.get();
            for (int i = 1; i <= 10; i++) {
                CountDownLatch durable = new CountDownLatch(1);
                journal.append(rec("AB", RecordKind.MOVE, i, "m"), DIRECT, durable::countDown);
                assertThat(durable.await(10, TimeUnit.SECONDS)).isTrue();
                assertThat(files.forces.get() - before).isEqualTo(i);
            }
        }
    }

    @Test
    void noneNeverForcesUntilAFlush() throws Exception {
        TestFiles files = new TestFiles();
        Journal journal = Journal.open(dir, options(DurabilityPolicy.NONE), files).journal();
        int before = files.forces.get();
        CountDownLatch durable = new CountDownLatch(50);
        for (int i = 0; i < 50; i++) {
            journal.append(rec("AB", RecordKind.MOVE, i, "m"), DIRECT, durable::countDown);
        }
        assertThat(durable.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(files.forces.get()).isEqualTo(before);
        journal.close();
        assertThat(reopen(dir).get("AB")).hasSize(50);
    }

    @Test
    void aFullQueueRefusesAndLosesNothingItAccepted() throws Exception {
        TestFiles files = new TestFiles();
        Journal journal =
                Journal.open(dir, options(DurabilityPolicy.NONE).withQueueCapacity(4), files)
                        .journal();
        CountDownLatch gate = new CountDownLatch(1);
        files.gate = gate;
        journal.append(rec("AB", RecordKind.MOVE, 0, "held"));
        assertThat(files.entered.await(10, TimeUnit.SECONDS)).isTrue(); // the writer holds record 0
        for (int i = 1; i <= 4; i++) {
            assertThat(journal.append(rec("AB", RecordKind.MOVE, i, "q")))
                    .isEqualTo(AppendResult.ACCEPTED);
        }
        AppendResult refused = journal.append(rec("AB", RecordKind.MOVE, 5, "q"));
        assertThat(refused).isInstanceOf(AppendResult.Refused.class);
        assertThat(((AppendResult.Refused) refused).reason())
                .isEqualTo(AppendResult.Reason.QUEUE_FULL);
        assertThat(journal.queued()).isEqualTo(4);
        gate.countDown();
        journal.close();
        assertThat(reopen(dir).get("AB"))
                .extracting(JournalRecord::version)
                .containsExactly(0L, 1L, 2L, 3L, 4L);
    }

    @Test
    void theDefaultQueueHoldsSixtyFourThousandRecords() {
        assertThat(Journal.Options.defaults().queueCapacity())
                .isEqualTo(Journal.Options.DEFAULT_QUEUE_CAPACITY)
                .isEqualTo(65_536);
        assertThat(Journal.Options.defaults().policy())
                .isEqualTo(new DurabilityPolicy.GroupCommit(Duration.ofMillis(100)));
    }

    @Test
    void anOversizedRecordIsRefused() throws Exception {
        int fits =
                JournalFormat.MAX_BODY_BYTES
                        - JournalFormat.bodyBytes(rec("AB", RecordKind.MOVE, 1, ""));
        try (Journal journal = Journal.open(dir, options(DurabilityPolicy.NONE)).journal()) {
            AppendResult result =
                    journal.append(
                            new JournalRecord(
                                    "AB",
                                    RecordKind.MOVE,
                                    1,
                                    new byte[JournalFormat.MAX_BODY_BYTES]));
            assertThat(((AppendResult.Refused) result).reason())
                    .isEqualTo(AppendResult.Reason.TOO_LARGE);
            assertThat(
                            journal.append(
                                            new JournalRecord(
                                                    "AB", RecordKind.MOVE, 1, new byte[fits]))
                                    .accepted())
                    .isTrue();
        }
        assertThat(reopen(dir).get("AB").get(0).payload()).hasSize(fits);
    }

    @Test
    void aClosedJournalRefuses() throws Exception {
        Journal journal = Journal.open(dir, options(DurabilityPolicy.NONE)).journal();
        journal.close();
        AppendResult result = journal.append(rec("AB", RecordKind.MOVE, 1, "late"));
        assertThat(((AppendResult.Refused) result).reason()).isEqualTo(AppendResult.Reason.CLOSED);
    }

    @Test
    void aFullDiskMakesTheJournalUnhealthyUntilAWriteSucceeds() throws Exception {
        TestFiles files = new TestFiles();
        Journal journal = Journal.open(dir, options(DurabilityPolicy.FSYNC_EACH), files).journal();
        journal.append(rec("AB", RecordKind.CREATED, 0, "before"));
        journal.flush().get(10, TimeUnit.SECONDS);
        files.diskFull = true;
        CountDownLatch durable = new CountDownLatch(1);
        AppendResult during =
                journal.append(rec("AB", RecordKind.MOVE, 1, "during"), DIRECT, durable::countDown);
        assertThat(during.accepted()).isTrue();
        awaitCondition(() -> !journal.healthy());
        assertThat(journal.lastError()).contains("No space left on device");
        AppendResult refused = journal.append(rec("AB", RecordKind.MOVE, 2, "refused"));
        assertThat(((AppendResult.Refused) refused).reason())
                .isEqualTo(AppendResult.Reason.FAILING);
        assertThat(((AppendResult.Refused) refused).message()).contains("No space left on device");
        files.diskFull = false;
        assertThat(durable.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(journal.healthy()).isTrue();
        assertThat(journal.lastError()).isNull();
        assertThat(files.failures.get()).isPositive();
        journal.append(rec("AB", RecordKind.MOVE, 2, "after"));
        journal.close();
        assertThat(reopen(dir).get("AB"))
                .extracting(JournalRecord::text)
                .containsExactly("before", "during", "after");
    }

    @Test
    void aFullDiskAtStartStillOpensAndReportsIt() throws Exception {
        TestFiles files = new TestFiles();
        files.diskFull = true;
        Journal journal = Journal.open(dir, options(DurabilityPolicy.FSYNC_EACH), files).journal();
        CountDownLatch durable = new CountDownLatch(1);
        journal.append(rec("AB", RecordKind.CREATED, 0, "first"), DIRECT, durable::countDown);
        awaitCondition(() -> !journal.healthy());
        files.diskFull = false;
        assertThat(durable.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(journal.healthy()).isTrue();
        journal.close();
        assertThat(reopen(dir).get("AB")).extracting(JournalRecord::text).containsExactly("first");
    }

    @Test
    void segmentsRollAtTheirSize() throws Exception {
        try (Journal journal =
                Journal.open(dir, options(DurabilityPolicy.NONE).withSizes(200, 1 << 20))
                        .journal()) {
            for (int i = 0; i < 40; i++) {
                journal.append(rec("AB", RecordKind.MOVE, i, "0123456789"));
                journal.flush().get(10, TimeUnit.SECONDS);
            }
        }
        assertThat(JournalRecoveryTest.segments(dir)).hasSizeGreaterThan(3);
        assertThat(reopen(dir).get("AB")).hasSize(40);
        assertThat(Journal.Options.DEFAULT_SEGMENT_BYTES).isEqualTo(16L << 20);
    }

    @Test
    void policiesParseFromTheirNames() {
        assertThat(DurabilityPolicy.parse("fsync")).isEqualTo(DurabilityPolicy.FSYNC_EACH);
        assertThat(DurabilityPolicy.parse("none")).isEqualTo(DurabilityPolicy.NONE);
        assertThat(DurabilityPolicy.parse("group")).isEqualTo(DurabilityPolicy.DEFAULT);
        assertThat(DurabilityPolicy.parse("group:20ms"))
                .isEqualTo(new DurabilityPolicy.GroupCommit(Duration.ofMillis(20)));
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> DurabilityPolicy.parse("sometimes"))
                .hasMessageContaining("fsync, group");
    }

    @Test
    void aPayloadLeftForLaterIsMadeOnTheWriterThreadInItsPlaceInTheQueue() throws Exception {
        List<String> madeOn = new ArrayList<>();
        try (Journal journal = Journal.open(dir, options(DurabilityPolicy.NONE)).journal()) {
            journal.append(rec("AB", RecordKind.MOVE, 1, "before"));
            assertThat(
                            journal.appendLater(
                                            "AB",
                                            RecordKind.CHECKPOINT,
                                            1,
                                            () -> {
                                                madeOn.add(Thread.currentThread().getName());
                                                return "state".getBytes(StandardCharsets.UTF_8);
                                            })
                                    .accepted())
                    .isTrue();
            journal.append(rec("AB", RecordKind.MOVE, 2, "after"));
        }
        assertThat(madeOn).containsExactly("journal-writer");
        assertThat(reopen(dir).get("AB"))
                .containsExactly(
                        rec("AB", RecordKind.CHECKPOINT, 1, "state"),
                        rec("AB", RecordKind.MOVE, 2, "after"));
    }

    @Test
    void aPayloadThatCannotBeMadeOrIsTooLargeIsDroppedAndTheRestWritten() throws Exception {
        try (Journal journal = Journal.open(dir, options(DurabilityPolicy.NONE)).journal()) {
            journal.append(rec("AB", RecordKind.MOVE, 1, "one"));
            journal.appendLater(
                    "AB",
                    RecordKind.CHECKPOINT,
                    1,
                    () -> {
                        throw new IllegalStateException("cannot encode");
                    });
            journal.appendLater(
                    "AB", RecordKind.CHECKPOINT, 1, () -> new byte[JournalFormat.MAX_BODY_BYTES]);
            journal.append(rec("AB", RecordKind.MOVE, 2, "two"));
            journal.flush().get(10, TimeUnit.SECONDS);
            assertThat(journal.healthy()).isTrue();
        }
        assertThat(reopen(dir).get("AB"))
                .extracting(JournalRecord::text)
                .containsExactly("one", "two");
    }

    @Test
    void aFailingJournalRefusesAPayloadLeftForLaterWithoutMakingIt() throws Exception {
        TestFiles files = new TestFiles();
        files.diskFull = true;
        try (Journal journal =
                Journal.open(dir, options(DurabilityPolicy.FSYNC_EACH), files).journal()) {
            journal.append(rec("AB", RecordKind.MOVE, 1, "stuck"));
            awaitCondition(() -> !journal.healthy());
            AppendResult result =
                    journal.appendLater(
                            "AB",
                            RecordKind.CHECKPOINT,
                            1,
                            () -> {
                                throw new AssertionError("made for nothing");
                            });
            assertThat(((AppendResult.Refused) result).reason())
                    .isEqualTo(AppendResult.Reason.FAILING);
            files.diskFull = false;
        }
    }

    /** Waits for a condition another thread makes true; fails after ten seconds. */
    static void awaitCondition(java.util.function.BooleanSupplier condition) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not met in 10 s");
            }
            Thread.onSpinWait();
        }
    }
}
