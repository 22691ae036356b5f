package tardy.render;

import java.io.IOException;
import java.io.OutputStream;
import tardy.analysis.Analysis;

/** Writes an analysis in one output format. Renderers format; they never compute statistics. */
@FunctionalInterface
public interface Renderer {
  void render(Analysis analysis, OutputStream out) throws IOException;
}
