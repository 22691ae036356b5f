package tardy.report;

import java.io.IOException;
import java.io.OutputStream;
import tardy.classify.Analysis;

/** Writes an analysis in one output format. Renderers format; they never compute statistics. */
@FunctionalInterface
public interface Renderer {
  void render(Analysis analysis, OutputStream out) throws IOException;
}
