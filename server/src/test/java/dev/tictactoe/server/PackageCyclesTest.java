package dev.tictactoe.server;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.server.game.Board;

import org.junit.jupiter.api.Test;

/**
 * No two packages of the main code (protocol, engine, client and server) import each other, even
 * through others: a package is a layer, and a lower one never reaches back up, to the root {@code
 * dev.tictactoe.server} least of all.
 */
class PackageCyclesTest {

    @Test
    void noPackageImportsOneThatImportsItBack() {
        JavaClasses main =
                new ClassFileImporter()
                        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                        .importPackages("dev.tictactoe");
        // Every module's main code is there, from its classes folder or its jar.
        assertThat(main.contain(ServerConfig.class)).isTrue();
        assertThat(main.contain(MessageCodec.class)).isTrue();
        assertThat(main.contain(Board.class)).isTrue();
        slices().matching("dev.tictactoe.(**)").should().beFreeOfCycles().check(main);
    }
}
