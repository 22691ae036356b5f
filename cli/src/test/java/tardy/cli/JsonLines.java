package tardy.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.json.JsonFactory;

/** JSON read back into maps, lists, strings, numbers and booleans, for tests of what tardy writes. */
final class JsonLines {

  private static final JsonFactory FACTORY = new JsonFactory();

  private JsonLines() {}

  /** Every line of {@code text} as one JSON value; fails on a line that is not one document. */
  static List<Object> parse(String text) {
    List<Object> docs = new ArrayList<>();
    for (String line : text.split("\n")) {
      try (JsonParser p = FACTORY.createParser(ObjectReadContext.empty(), line)) {
        docs.add(value(p, p.nextToken()));
        if (p.nextToken() != null) {
          throw new AssertionError("more than one JSON value on a line: " + line);
        }
      }
    }
    return docs;
  }

  /** The whole of {@code text} as one JSON value, however it is laid out on lines. */
  static Object document(String text) {
    try (JsonParser p = FACTORY.createParser(ObjectReadContext.empty(), text)) {
      Object doc = value(p, p.nextToken());
      if (p.nextToken() != null) {
        throw new AssertionError("more than one JSON value");
      }
      return doc;
    }
  }

  private static Object value(JsonParser p, JsonToken t) {
    switch (t) {
      case START_OBJECT -> {
        Map<String, Object> map = new LinkedHashMap<>();
        for (JsonToken k = p.nextToken(); k != JsonToken.END_OBJECT; k = p.nextToken()) {
          String name = p.currentName();
          map.put(name, value(p, p.nextToken()));
        }
        return map;
      }
      case START_ARRAY -> {
        List<Object> list = new ArrayList<>();
        for (JsonToken v = p.nextToken(); v != JsonToken.END_ARRAY; v = p.nextToken()) {
          list.add(value(p, v));
        }
        return list;
      }
      case VALUE_STRING -> {
        return p.getString();
      }
      case VALUE_NUMBER_INT -> {
        return p.getLongValue();
      }
      case VALUE_NUMBER_FLOAT -> {
        return p.getDoubleValue();
      }
      case VALUE_TRUE, VALUE_FALSE -> {
        return t == JsonToken.VALUE_TRUE;
      }
      case VALUE_NULL -> {
        return null;
      }
      default -> throw new AssertionError("unexpected " + t);
    }
  }

  /** The value at that path of keys (String) and indexes (Integer). */
  @SuppressWarnings("unchecked")
  static Object at(Object doc, Object... path) {
    Object v = doc;
    for (Object step : path) {
      v = step instanceof Integer i ? ((List<Object>) v).get(i) : ((Map<String, Object>) v).get(step);
    }
    return v;
  }

  /**
   * {@code doc} with these keys taken out of every request of every {@code slowest} list in it:
   * the same lines read under another name (or as {@code -}) name their source otherwise, and
   * everything else about them still agrees.
   */
  @SuppressWarnings("unchecked")
  static Object withoutSlowest(Object doc, String... keys) {
    if (doc instanceof List<?> list) {
      list.forEach(v -> withoutSlowest(v, keys));
    } else if (doc instanceof Map<?, ?> map) {
      if (map.get("slowest") instanceof List<?> slowest) {
        for (Object request : slowest) {
          for (String key : keys) {
            ((Map<String, Object>) request).remove(key);
          }
        }
      }
      map.values().forEach(v -> withoutSlowest(v, keys));
    }
    return doc;
  }
}
