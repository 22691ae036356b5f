package tardy.spark;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The Spark engine stands on tardy-run; only its launcher hands the arguments to the CLI. */
class LauncherOnlyTest {

  @Test
  void onlyTheLauncherTouchesTheCommandLine() {
    noClasses().that().resideInAPackage("tardy.spark..")
        .and().doNotHaveFullyQualifiedName(TardyJob.class.getName())
        .should().dependOnClassesThat().resideInAPackage("tardy.cli..")
        .check(new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("tardy.spark"));
  }
}
