package dev.tictactoe.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;

class AddressBudgetTest {

    private final AtomicLong now = new AtomicLong(1_000_000_000L);

    @Test
    void aBurstOfMissesIsAllowedThenLookupsWaitForTheRate() {
        AddressBudget budget = new AddressBudget(10, 20, now::get);
        for (int i = 0; i < 20; i++) {
            assertThat(budget.retryAfterSeconds("10.0.0.1")).isZero();
            budget.miss("10.0.0.1");
        }
        assertThat(budget.retryAfterSeconds("10.0.0.1")).isEqualTo(1);
        assertThat(budget.retryAfterSeconds("10.0.0.2")).isZero();
        now.addAndGet(100_000_000L); // one token back at 10 a second
        assertThat(budget.retryAfterSeconds("10.0.0.1")).isZero();
        budget.miss("10.0.0.1");
        assertThat(budget.retryAfterSeconds("10.0.0.1")).isEqualTo(1);
    }

    @Test
    void retryAfterCoversTheWaitForOneToken() {
        AddressBudget budget = new AddressBudget(1, 1, now::get);
        budget.miss("a");
        assertThat(budget.retryAfterSeconds("a")).isEqualTo(1);
        AddressBudget slow = new AddressBudget(1, 3, now::get);
        slow.miss("a");
        slow.miss("a");
        slow.miss("a");
        slow.miss("a");
        assertThat(slow.retryAfterSeconds("a")).isEqualTo(1);
    }

    @Test
    void addressesRememberedAreBounded() {
        AddressBudget budget = new AddressBudget(10, 20, now::get);
        for (int i = 0; i < AddressBudget.MAX_ADDRESSES + 500; i++) {
            budget.miss("addr-" + i);
        }
        assertThat(budget.size()).isEqualTo(AddressBudget.MAX_ADDRESSES);
    }

    @Test
    void theDefaultsAreTenASecondWithBurstsOfTwenty() {
        assertThat(dev.tictactoe.server.ServerConfig.DEFAULT_UNKNOWN_CODES_PER_SECOND)
                .isEqualTo(10);
        assertThat(dev.tictactoe.server.ServerConfig.DEFAULT_UNKNOWN_CODE_BURST).isEqualTo(20);
    }
}
