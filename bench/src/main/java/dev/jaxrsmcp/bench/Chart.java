package dev.jaxrsmcp.bench;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * Grouped bar charts drawn with Java2D and written as one PNG: panels side by side in a grid, each
 * with its own title, groups along the x axis, one coloured bar per series, and a linear or
 * logarithmic y axis. No external charting library or service.
 */
final class Chart {
  static final Color[] PALETTE = {
    new Color(0x55, 0x55, 0x55),
    new Color(0x1f, 0x77, 0xb4),
    new Color(0x2c, 0xa0, 0x2c),
    new Color(0xd6, 0x27, 0x28),
    new Color(0x94, 0x67, 0xbd),
    new Color(0xff, 0x7f, 0x0e),
    new Color(0x8c, 0x56, 0x4b),
  };

  /**
   * One panel: {@code values[group][series]}; a value of NaN draws no bar. Series take colours from
   * {@link #PALETTE} starting at {@code firstColour}.
   */
  record Panel(
      String title,
      String unit,
      boolean logScale,
      List<String> groups,
      List<String> series,
      double[][] values,
      int firstColour) {

    Panel(
        String title,
        String unit,
        boolean logScale,
        List<String> groups,
        List<String> series,
        double[][] values) {
      this(title, unit, logScale, groups, series, values, 0);
    }

    Color colour(int series) {
      return PALETTE[(firstColour + series) % PALETTE.length];
    }
  }

  private static final int PANEL_WIDTH = 640;
  private static final int PANEL_HEIGHT = 420;

  private final List<Panel> panels = new ArrayList<>();
  private final int columns;

  Chart(int columns) {
    this.columns = columns;
  }

  Chart add(Panel panel) {
    panels.add(panel);
    return this;
  }

  boolean isEmpty() {
    return panels.isEmpty();
  }

  void write(Path file) throws IOException {
    int rows = (panels.size() + columns - 1) / columns;
    BufferedImage image =
        new BufferedImage(PANEL_WIDTH * columns, PANEL_HEIGHT * rows, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    try {
      g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
      g.setRenderingHint(
          RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
      g.setColor(Color.WHITE);
      g.fillRect(0, 0, image.getWidth(), image.getHeight());
      for (int i = 0; i < panels.size(); i++) {
        Graphics2D panel =
            (Graphics2D)
                g.create(
                    (i % columns) * PANEL_WIDTH,
                    (i / columns) * PANEL_HEIGHT,
                    PANEL_WIDTH,
                    PANEL_HEIGHT);
        try {
          draw(panel, panels.get(i));
        } finally {
          panel.dispose();
        }
      }
    } finally {
      g.dispose();
    }
    if (!ImageIO.write(image, "png", file.toFile())) {
      throw new IOException("no PNG writer");
    }
  }

  private static void draw(Graphics2D g, Panel p) {
    int left = 80;
    int right = PANEL_WIDTH - 20;
    int top = 70;
    int bottom = PANEL_HEIGHT - 50;
    g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
    g.setColor(Color.BLACK);
    g.drawString(p.title(), left, 26);

    // legend
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
    FontMetrics fm = g.getFontMetrics();
    int x = left;
    for (int s = 0; s < p.series().size(); s++) {
      g.setColor(p.colour(s));
      g.fillRect(x, 38, 12, 12);
      g.setColor(Color.DARK_GRAY);
      g.drawString(p.series().get(s), x + 16, 49);
      x += 16 + fm.stringWidth(p.series().get(s)) + 18;
    }

    double max = 0;
    double min = Double.MAX_VALUE;
    for (double[] group : p.values()) {
      for (double v : group) {
        if (!Double.isNaN(v) && v > 0) {
          max = Math.max(max, v);
          min = Math.min(min, v);
        }
      }
    }
    if (max == 0) {
      max = 1;
      min = 1;
    }
    Axis axis = p.logScale() ? Axis.log(min, max) : Axis.linear(max);

    // grid and y labels
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
    fm = g.getFontMetrics();
    for (double tick : axis.ticks()) {
      int y = bottom - (int) Math.round(axis.fraction(tick) * (bottom - top));
      g.setColor(new Color(0xe6, 0xe6, 0xe6));
      g.drawLine(left, y, right, y);
      g.setColor(Color.DARK_GRAY);
      String label = format(tick);
      g.drawString(label, left - 6 - fm.stringWidth(label), y + 4);
    }
    g.setColor(Color.DARK_GRAY);
    Graphics2D vertical = (Graphics2D) g.create();
    vertical.rotate(-Math.PI / 2);
    vertical.drawString(p.unit(), -(top + bottom) / 2 - fm.stringWidth(p.unit()) / 2, 16);
    vertical.dispose();
    g.setStroke(new BasicStroke(1));
    g.drawLine(left, bottom, right, bottom);

    // bars
    int groups = p.groups().size();
    int series = p.series().size();
    double groupWidth = (right - left) / (double) groups;
    double barWidth = groupWidth * 0.8 / series;
    for (int gi = 0; gi < groups; gi++) {
      double groupLeft = left + gi * groupWidth + groupWidth * 0.1;
      for (int s = 0; s < series; s++) {
        double v = p.values()[gi][s];
        if (Double.isNaN(v)) {
          continue;
        }
        int h = (int) Math.round(axis.fraction(Math.max(v, axis.floor())) * (bottom - top));
        int bx = (int) Math.round(groupLeft + s * barWidth);
        int bw = (int) Math.max(1, Math.round(barWidth) - 2);
        g.setColor(p.colour(s));
        g.fillRect(bx, bottom - h, bw, h);
        g.setColor(Color.DARK_GRAY);
        String label = format(v);
        if (fm.stringWidth(label) <= bw + 8) {
          g.drawString(label, bx + bw / 2 - fm.stringWidth(label) / 2, bottom - h - 3);
        }
      }
      g.setColor(Color.BLACK);
      String name = p.groups().get(gi);
      g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
      FontMetrics gm = g.getFontMetrics();
      g.drawString(
          name,
          (int) (left + gi * groupWidth + groupWidth / 2 - gm.stringWidth(name) / 2.0),
          bottom + 20);
      g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
    }
  }

  static String format(double v) {
    if (v >= 100_000) {
      return String.format(Locale.ROOT, "%.0fk", v / 1000);
    }
    if (v >= 10_000) {
      return String.format(Locale.ROOT, "%.1fk", v / 1000);
    }
    if (v >= 100) {
      return String.format(Locale.ROOT, "%.0f", v);
    }
    if (v >= 10) {
      return String.format(Locale.ROOT, "%.1f", v);
    }
    if (v == 0) {
      return "0";
    }
    return String.format(Locale.ROOT, "%.2f", v);
  }

  /** Maps values to a fraction of the plot height. */
  private interface Axis {
    double fraction(double value);

    List<Double> ticks();

    double floor();

    static Axis linear(double max) {
      double step = niceStep(max / 5);
      double top = Math.ceil(max / step) * step;
      return new Axis() {
        @Override
        public double fraction(double value) {
          return value / top;
        }

        @Override
        public List<Double> ticks() {
          List<Double> ticks = new ArrayList<>();
          for (double t = 0; t <= top + step / 2; t += step) {
            ticks.add(t);
          }
          return ticks;
        }

        @Override
        public double floor() {
          return 0;
        }
      };
    }

    static Axis log(double min, double max) {
      double decade = Math.pow(10, Math.floor(Math.log10(min)));
      double low = decade >= min ? decade / 10 : decade;
      double high = Math.pow(10, Math.ceil(Math.log10(max)));
      double highLog = Math.max(Math.log10(high), Math.log10(low) + 1);
      double lowLog = Math.log10(low);
      double span = highLog - lowLog;
      double floorValue = low;
      return new Axis() {
        @Override
        public double fraction(double value) {
          return (Math.log10(Math.max(value, floorValue)) - lowLog) / span;
        }

        @Override
        public List<Double> ticks() {
          List<Double> ticks = new ArrayList<>();
          for (double t = floorValue; Math.log10(t) <= highLog + 0.01; t *= 10) {
            ticks.add(t);
          }
          return ticks;
        }

        @Override
        public double floor() {
          return floorValue;
        }
      };
    }

    private static double niceStep(double raw) {
      double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
      double residual = raw / magnitude;
      double nice = residual <= 1 ? 1 : residual <= 2 ? 2 : residual <= 5 ? 5 : 10;
      return nice * magnitude;
    }
  }
}
