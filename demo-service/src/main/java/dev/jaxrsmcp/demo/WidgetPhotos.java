package dev.jaxrsmcp.demo;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.imageio.ImageIO;

/** Draws the small PNG "photo" of a widget in code, so the demo ships no binary files. */
final class WidgetPhotos {
  static final int SIZE = 48;

  private WidgetPhotos() {}

  /** A {@value #SIZE}×{@value #SIZE} PNG: a rounded tile in the widget's colour, one dot per id. */
  static byte[] render(long id, Color color) {
    BufferedImage image = new BufferedImage(SIZE, SIZE, BufferedImage.TYPE_INT_ARGB);
    Graphics2D g = image.createGraphics();
    try {
      g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
      g.setColor(color);
      g.fillRoundRect(2, 2, SIZE - 4, SIZE - 4, 12, 12);
      g.setColor(Color.WHITE);
      g.setStroke(new BasicStroke(2));
      g.drawRoundRect(6, 6, SIZE - 12, SIZE - 12, 8, 8);
      int dots = (int) Math.min(id, 5);
      int step = (SIZE - 16) / (dots + 1);
      for (int i = 1; i <= dots; i++) {
        g.fillOval(8 + i * step - 3, SIZE / 2 - 3, 6, 6);
      }
    } finally {
      g.dispose();
    }
    ByteArrayOutputStream png = new ByteArrayOutputStream();
    try {
      if (!ImageIO.write(image, "png", png)) {
        throw new IllegalStateException("no PNG writer available in this JVM");
      }
    } catch (IOException e) {
      throw new UncheckedIOException("could not encode the photo of widget " + id, e);
    }
    return png.toByteArray();
  }
}
