package tardy.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every call of the sink contract, those added later too, reaches the inner sink. */
class ForwardingSinkTest {

  @Test
  void everyCallOfTheContractIsHandedOnWithItsArguments() throws Exception {
    List<String> heard = new ArrayList<>();
    EventSink inner = (EventSink) Proxy.newProxyInstance(EventSink.class.getClassLoader(),
        new Class<?>[] {EventSink.class}, (proxy, m, args) -> {
          heard.add(m.getName() + Arrays.toString(args));
          return null;
        });
    EventSink forwarding = new ForwardingSink(inner) {};
    List<String> called = new ArrayList<>();
    for (Method m : EventSink.class.getMethods()) {
      if (Modifier.isStatic(m.getModifiers())) {
        continue;
      }
      Object[] args = Arrays.stream(m.getParameterTypes()).map(ForwardingSinkTest::sample).toArray();
      m.invoke(forwarding, args);
      called.add(m.getName() + Arrays.toString(args));
    }
    assertThat(called).hasSizeGreaterThanOrEqualTo(6); // request, pause, heapCycle, anchor, …
    assertThat(heard).containsExactlyElementsOf(called);
  }

  private static Object sample(Class<?> type) {
    if (type == long.class) {
      return 42L;
    }
    if (type == int.class) {
      return 7;
    }
    if (type == RequestEvent.class) {
      return new RequestEvent();
    }
    if (type == PauseEvent.class) {
      return new PauseEvent();
    }
    return null;
  }
}
