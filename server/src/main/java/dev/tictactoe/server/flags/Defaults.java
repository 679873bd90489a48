package dev.tictactoe.server.flags;

import dev.tictactoe.protocol.Durations;

import org.jspecify.annotations.Nullable;

import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.lang.reflect.Field;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Each flag's default: its TTT_ variable, else its record's {@code DEFAULT_} constant. */
public final class Defaults implements CommandLine.IDefaultValueProvider {

    /** The value of an optional setting that leaves it unset ({@code --bot-seed none}). */
    public static final String NONE = "none";

    private final Map<String, String> env;
    private final Set<Class<?>> commands;

    /** Defaults for every {@link Flags} and for {@code commands}, holding their own constants. */
    public Defaults(Map<String, String> env, Class<?>... commands) {
        this.env = Map.copyOf(env);
        this.commands = Set.of(commands);
    }

    @Override
    public @Nullable String defaultValue(ArgSpec arg) {
        Class<?> owner = owner(arg);
        if (owner == null) {
            return null;
        }
        String set = env.get(envName((OptionSpec) arg));
        return set != null ? set : text(constant(owner, ((Field) arg.userObject()).getName()));
    }

    /** Ends the help of each option given a default here with its variable: "(env TTT_PORT)." */
    public void nameVariables(CommandSpec spec) {
        for (OptionSpec option : List.copyOf(spec.options())) {
            if (owner(option) != null) {
                String help = String.join(" ", option.description());
                spec.remove(option);
                spec.addOption(
                        OptionSpec.builder(option)
                                .description(help + " (env " + envName(option) + ").")
                                .build());
            }
        }
    }

    /** The class whose constants hold the default of {@code arg}, or null when none does. */
    private @Nullable Class<?> owner(ArgSpec arg) {
        if (!(arg instanceof OptionSpec) || !(arg.userObject() instanceof Field field)) {
            return null;
        }
        Class<?> holder = field.getDeclaringClass();
        if (Flags.class.isAssignableFrom(holder)) {
            return Flags.recordOf(holder);
        }
        return commands.contains(holder) ? holder : null;
    }

    /** The environment variable of a flag: {@code --max-rooms} is {@code TTT_MAX_ROOMS}. */
    public static String envName(OptionSpec option) {
        return "TTT_"
                + option.longestName().substring(2).replace('-', '_').toUpperCase(Locale.ROOT);
    }

    /** The default of setting {@code name}: {@code owner}'s public {@code DEFAULT_NAME}. */
    static Object constant(Class<?> owner, String name) {
        String constant = "DEFAULT_" + name.replaceAll("([A-Z])", "_$1").toUpperCase(Locale.ROOT);
        try {
            return owner.getField(constant).get(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(owner.getName() + " has no public " + constant, e);
        }
    }

    /** A duration in one unit where it fits, as people write it: 60s, 168h, 200ms. */
    static String text(Duration d) {
        long millis = d.toMillis();
        long[] sizes = {3_600_000, 60_000, 1_000};
        String[] units = {"h", "m", "s"};
        for (int u = 0; u < sizes.length; u++) {
            if (millis % sizes[u] == 0 && millis / sizes[u] > 1) {
                return millis / sizes[u] + units[u];
            }
        }
        return Durations.format(d);
    }

    /** A default as a flag's value is written. */
    static String text(Object value) {
        return switch (value) {
            case null -> NONE;
            case Duration d -> text(d);
            case List<?> list -> String.join(",", list.stream().map(String::valueOf).toList());
            case Enum<?> e -> e.name().toLowerCase(Locale.ROOT);
            default -> String.valueOf(value);
        };
    }
}
