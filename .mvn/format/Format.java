import com.google.googlejavaformat.java.Main;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Checks (or, with {@code apply}, rewrites) every Java source of the project in one style:
 * google-java-format's AOSP style, four-space indents. Run by the build on the JDK it selected.
 *
 * <p>{@code java -cp google-java-format-all-deps.jar Format.java check|apply ROOT}
 */
public class Format {
    public static void main(String[] args) throws Exception {
        boolean apply = args.length > 0 && args[0].equals("apply");
        Path root = Path.of(args.length > 1 ? args[1] : ".");
        List<String> command = new ArrayList<>(List.of("--aosp"));
        command.addAll(apply ? List.of("--replace") : List.of("--dry-run", "--set-exit-if-changed"));
        List<String> files = sources(root);
        command.addAll(files);
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        int status = new Main(out, err, System.in).format(command.toArray(String[]::new));
        if (status != 0 && !apply) {
            err.println("The files above are not formatted; fix them all with: ./mvnw -q -N verify -Dformat=apply");
        } else if (status == 0) {
            out.println((apply ? "formatted " : "checked ") + files.size() + " Java files");
        }
        System.exit(status);
    }

    /** Every .java under a module's src/, skipping build output and installed packages. */
    private static List<String> sources(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            return paths.filter(p -> p.toString().endsWith(".java"))
                    .filter(p -> root.relativize(p).toString().contains("/src/"))
                    .filter(p -> !p.toString().contains("/target/") && !p.toString().contains("/node_modules/"))
                    .map(Path::toString)
                    .sorted()
                    .toList();
        }
    }
}
