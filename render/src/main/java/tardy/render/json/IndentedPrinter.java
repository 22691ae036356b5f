package tardy.render.json;

import tools.jackson.core.JsonGenerator;
import tools.jackson.core.PrettyPrinter;
import tools.jackson.core.util.DefaultIndenter;
import tools.jackson.core.util.DefaultPrettyPrinter;

/**
 * Lays out a JSON document byte for byte as Jackson's {@link DefaultPrettyPrinter} with its
 * default separators does: objects one entry a line indented by two spaces, {@code "name" :
 * value}, arrays on one line ({@code [ 1, 2 ]}), {@code { }} and {@code [ ]} when empty.
 *
 * <p>Its own class because DefaultPrettyPrinter's constructor builds its separators with a string
 * concatenation compiled to {@code invokedynamic}: the only one a run meets, whose linking spins a
 * dozen method-handle classes at every start (about a tenth of a 10-line report's CPU). Here the
 * separators are constants; the indenters are Jackson's own.
 */
final class IndentedPrinter implements PrettyPrinter {

  static final String NAME_VALUE = " : ";
  static final String ENTRY = ",";
  static final String EMPTY_OBJECT = " ";
  static final String ELEMENT = ",";
  static final String EMPTY_ARRAY = " ";
  static final String ROOT = " ";

  private static final DefaultPrettyPrinter.Indenter OBJECTS = DefaultIndenter.SYSTEM_LINEFEED_INSTANCE;
  private static final DefaultPrettyPrinter.Indenter ARRAYS =
      DefaultPrettyPrinter.FixedSpaceIndenter.instance();

  private int nesting; // the objects open: arrays stay on one line and add no level

  @Override
  public void writeRootValueSeparator(JsonGenerator g) {
    g.writeRaw(ROOT);
  }

  @Override
  public void writeStartObject(JsonGenerator g) {
    g.writeRaw('{');
    nesting++;
  }

  @Override
  public void beforeObjectEntries(JsonGenerator g) {
    OBJECTS.writeIndentation(g, nesting);
  }

  @Override
  public void writeObjectNameValueSeparator(JsonGenerator g) {
    g.writeRaw(NAME_VALUE);
  }

  @Override
  public void writeObjectEntrySeparator(JsonGenerator g) {
    g.writeRaw(ENTRY);
    OBJECTS.writeIndentation(g, nesting);
  }

  @Override
  public void writeEndObject(JsonGenerator g, int entries) {
    nesting--;
    if (entries > 0) {
      OBJECTS.writeIndentation(g, nesting);
    } else {
      g.writeRaw(EMPTY_OBJECT);
    }
    g.writeRaw('}');
  }

  @Override
  public void writeStartArray(JsonGenerator g) {
    g.writeRaw('[');
  }

  @Override
  public void beforeArrayValues(JsonGenerator g) {
    ARRAYS.writeIndentation(g, nesting);
  }

  @Override
  public void writeArrayValueSeparator(JsonGenerator g) {
    g.writeRaw(ELEMENT);
    ARRAYS.writeIndentation(g, nesting);
  }

  @Override
  public void writeEndArray(JsonGenerator g, int values) {
    if (values > 0) {
      ARRAYS.writeIndentation(g, nesting);
    } else {
      g.writeRaw(EMPTY_ARRAY);
    }
    g.writeRaw(']');
  }
}
