package dev.tictactoe.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;

class AddressBudgetTest {

    private final AtomicLong now = new AtomicLong(1_000_000_000L);

    private AddressBudget budget(int perSecond, int burst) {
        return new AddressBudget(1e9 / perSecond, burst, AddressBudget.MAX_ADDRESSES, now::get);
    }

    @Test
    void aBurstOfMissesIsAllowedThenLookupsWaitForTheRate() {
        AddressBudget budget = budget(10, 20);
        for (int i = 0; i < 20; i++) {
            assertThat(budget.take("10.0.0.1")).isZero();
        }
        assertThat(budget.take("10.0.0.1")).isEqualTo(1);
        assertThat(budget.take("10.0.0.2")).isZero();
        now.addAndGet(100_000_000L); // one token back at 10 a second
        assertThat(budget.take("10.0.0.1")).isZero();
        assertThat(budget.take("10.0.0.1")).isEqualTo(1);
    }

    @Test
    void aLookupThatFindsItsRoomCostsNothing() {
        AddressBudget budget = budget(10, 2);
        for (int i = 0; i < 100; i++) {
            assertThat(budget.take("a")).isZero();
            budget.found("a");
        }
        // A full bucket is not remembered.
        assertThat(budget.size()).isZero();
        assertThat(budget.take("a")).isZero();
        assertThat(budget.take("a")).isZero();
        assertThat(budget.take("a")).isEqualTo(1);
    }

    @Test
    void lookupsInFlightAtOnceCannotSpendMoreThanTheBurst() {
        // Every lookup takes its token before it looks, so lookups started together, whose
        // answers come later, are counted as they start.
        AddressBudget budget = budget(10, 20);
        int admitted = 0;
        for (int i = 0; i < 50; i++) {
            if (budget.take("a") == 0) {
                admitted++;
            }
        }
        assertThat(admitted).isEqualTo(20);
    }

    @Test
    void retryAfterCoversTheWaitForOneToken() {
        AddressBudget budget = budget(1, 1);
        budget.take("a");
        assertThat(budget.take("a")).isEqualTo(1);
        AddressBudget slow = budget(1, 3);
        slow.take("a");
        slow.take("a");
        slow.take("a");
        assertThat(slow.take("a")).isEqualTo(1);
    }

    @Test
    void addressesRememberedAreBounded() {
        AddressBudget budget = budget(10, 20);
        for (int i = 0; i < AddressBudget.MAX_ADDRESSES + 500; i++) {
            budget.take("addr-" + i);
        }
        assertThat(budget.size()).isEqualTo(AddressBudget.MAX_ADDRESSES);
    }

    @Test
    void theDefaultsAreTenASecondWithBurstsOfTwenty() {
        assertThat(NetSettings.DEFAULT_UNKNOWN_CODES_PER_SECOND).isEqualTo(10);
        assertThat(NetSettings.DEFAULT_UNKNOWN_CODE_BURST).isEqualTo(20);
    }
}
