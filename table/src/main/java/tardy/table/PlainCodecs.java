package tardy.table;

import io.airlift.compress.Decompressor;
import io.airlift.compress.snappy.SnappyDecompressor;
import io.airlift.compress.zstd.ZstdDecompressor;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.zip.GZIPInputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * Parquet's page codecs in plain Java, without Hadoop's codec classes (which need a Hadoop
 * {@code Configuration} and native libraries): pages are written uncompressed, and read
 * uncompressed, gzip (java.util.zip), snappy (Spark's default) or zstd (aircompressor, which
 * Parquet brings). Another codec is refused with its name.
 */
final class PlainCodecs implements CompressionCodecFactory {

  @Override
  public BytesInputCompressor getCompressor(CompressionCodecName codec) {
    if (codec != CompressionCodecName.UNCOMPRESSED) {
      throw new UnsupportedOperationException("tables are written uncompressed, not " + codec);
    }
    return new BytesInputCompressor() {
      @Override
      public BytesInput compress(BytesInput bytes) {
        return bytes;
      }

      @Override
      public CompressionCodecName getCodecName() {
        return CompressionCodecName.UNCOMPRESSED;
      }

      @Override
      public void release() {}
    };
  }

  @Override
  public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
    return switch (codec) {
      case UNCOMPRESSED -> new Pages(null, codec);
      case GZIP -> new Pages(null, codec);
      case SNAPPY -> new Pages(new SnappyDecompressor(), codec);
      case ZSTD -> new Pages(new ZstdDecompressor(), codec);
      default -> throw new UnsupportedOperationException("pages compressed with " + codec
          + " (tardy reads uncompressed, gzip, snappy and zstd pages)");
    };
  }

  @Override
  public void release() {}

  /** One codec's pages, whole arrays in and out (a table's pages are small). */
  private static final class Pages implements BytesInputDecompressor {

    private final Decompressor decompressor; // null: uncompressed or gzip
    private final CompressionCodecName codec;

    Pages(Decompressor decompressor, CompressionCodecName codec) {
      this.decompressor = decompressor;
      this.codec = codec;
    }

    @Override
    public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
      java.io.ByteArrayOutputStream in = new java.io.ByteArrayOutputStream((int) bytes.size());
      bytes.writeAllTo(in);
      return BytesInput.from(decompress(in.toByteArray(), uncompressedSize));
    }

    @Override
    public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output,
        int uncompressedSize) throws IOException {
      byte[] in = new byte[compressedSize];
      input.get(in);
      output.put(decompress(in, uncompressedSize));
    }

    private byte[] decompress(byte[] in, int size) throws IOException {
      if (codec == CompressionCodecName.UNCOMPRESSED) {
        return in;
      }
      byte[] out = new byte[size];
      if (codec == CompressionCodecName.GZIP) {
        try (InputStream gz = new GZIPInputStream(new ByteArrayInputStream(in))) {
          int n = gz.readNBytes(out, 0, size);
          if (n != size) {
            throw new IOException("a gzip page of " + n + " bytes, not " + size);
          }
        }
        return out;
      }
      try {
        int n = decompressor.decompress(in, 0, in.length, out, 0, size);
        if (n != size) {
          throw new IOException("a " + codec + " page of " + n + " bytes, not " + size);
        }
      } catch (RuntimeException e) { // aircompressor's MalformedInputException
        throw new IOException("a damaged " + codec + " page: " + e.getMessage(), e);
      }
      return out;
    }

    @Override
    public void release() {}
  }
}
