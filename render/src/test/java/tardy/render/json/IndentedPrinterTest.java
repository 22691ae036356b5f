package tardy.render.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonEncoding;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.PrettyPrinter;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.util.DefaultPrettyPrinter;

/**
 * Every JSON document tardy writes is laid out by {@link IndentedPrinter}: the bytes must be
 * those Jackson's DefaultPrettyPrinter writes, for every shape a document has (nested and empty
 * objects and arrays, objects in arrays, several root values).
 */
class IndentedPrinterTest {

  @Test
  void laysOutEveryShapeAsJacksonsDefaultPrinter() {
    Consumer<JsonGenerator> document = g -> {
      g.writeStartObject();
      g.writeNumberProperty("schema", 2);
      g.writeStringProperty("name", "GET /api/{id}");
      g.writeName("empty");
      g.writeStartObject();
      g.writeEndObject();
      g.writeName("none");
      g.writeStartArray();
      g.writeEndArray();
      g.writeName("numbers");
      g.writeStartArray();
      g.writeNumber(1);
      g.writeNumber(2.5);
      g.writeNull();
      g.writeEndArray();
      g.writeName("rows");
      g.writeStartArray();
      for (int i = 0; i < 2; i++) {
        g.writeStartObject();
        g.writeNumberProperty("row", i);
        g.writeName("inner");
        g.writeStartObject();
        g.writeName("deep");
        g.writeStartArray();
        g.writeStartArray();
        g.writeEndArray();
        g.writeStartObject();
        g.writeBooleanProperty("last", true);
        g.writeEndObject();
        g.writeEndArray();
        g.writeEndObject();
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeEndObject();
      g.writeStartArray(); // a second root value: the root separator
      g.writeString("x");
      g.writeEndArray();
      g.writeNumber(7);
    };

    String ours = written(new IndentedPrinter(), document);
    String jacksons = written(new DefaultPrettyPrinter(), document);

    assertThat(ours).isEqualTo(jacksons).contains("\"empty\" : { }", "[ 1, 2.5, null ]",
        "\"none\" : [ ]");
  }

  @Test
  void theRenderersGeneratorUsesIt() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator g = JsonRenderer.generator(out)) {
      g.writeStartObject();
      g.writeName("a");
      g.writeStartArray();
      g.writeNumber(1);
      g.writeEndArray();
      g.writeEndObject();
    }
    assertThat(out.toString(StandardCharsets.UTF_8))
        .isEqualTo("{" + System.lineSeparator() + "  \"a\" : [ 1 ]" + System.lineSeparator() + "}");
  }

  private static String written(PrettyPrinter printer, Consumer<JsonGenerator> document) {
    ObjectWriteContext context = new ObjectWriteContext.Base() {
      @Override
      public PrettyPrinter getPrettyPrinter() {
        return printer;
      }

      @Override
      public boolean hasPrettyPrinter() {
        return true;
      }
    };
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator g = new JsonFactory().createGenerator(context, out, JsonEncoding.UTF8)) {
      document.accept(g);
    }
    return out.toString(StandardCharsets.UTF_8);
  }
}
