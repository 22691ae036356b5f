package tardy.cli;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The shape docs/architecture.md draws, checked on the class files of every module the command
 * is built from: dependencies point one way between modules, and no two packages need each other.
 */
class ArchitectureTest {

  private static JavaClasses tardy;

  @BeforeAll
  static void importClasses() {
    tardy = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .withImportOption(location -> !location.contains("-tests.jar")) // other modules' tests
        .importPackages("tardy");
  }

  @Test
  void modulesDependOnlyDownTheChain() {
    layeredArchitecture().consideringOnlyDependenciesInLayers()
        .layer("events").definedBy("tardy.events..")
        .layer("formats").definedBy("tardy.formats..")
        .layer("record").definedBy("tardy.record..")
        .layer("analysis").definedBy("tardy.analysis..")
        .layer("run").definedBy("tardy.run..")
        .layer("render").definedBy("tardy.render..")
        .layer("table").definedBy("tardy.table..")
        .layer("cli").definedBy("tardy.cli..")
        .whereLayer("cli").mayNotBeAccessedByAnyLayer()
        .whereLayer("render").mayOnlyBeAccessedByLayers("cli")
        .whereLayer("table").mayOnlyBeAccessedByLayers("cli")
        .whereLayer("run").mayOnlyBeAccessedByLayers("cli")
        .whereLayer("analysis").mayOnlyBeAccessedByLayers("run", "render", "cli")
        .whereLayer("record").mayOnlyBeAccessedByLayers("analysis", "run", "render", "table",
            "cli")
        .whereLayer("formats").mayOnlyBeAccessedByLayers("run", "cli")
        .check(tardy);
  }

  @Test
  void noTwoPackagesNeedEachOther() {
    slices().matching("tardy.(**)").should().beFreeOfCycles().check(tardy);
  }
}
