package dev.jaxrsmcp.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChartTest {

  @Test
  void writesAPngWithOnePanelPerCell(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("chart.png");
    List<String> series = List.of("a", "b");
    new Chart(2)
        .add(
            new Chart.Panel(
                "linear", "x", false, List.of("g1", "g2"), series, new double[][] {{1, 2}, {3, 4}}))
        .add(
            new Chart.Panel(
                "log", "ms", true, List.of("p50"), series, new double[][] {{0.2, Double.NaN}}))
        .add(new Chart.Panel("empty", "ms", true, List.of("p50"), series, new double[][] {{0, 0}}))
        .write(file);

    BufferedImage image = ImageIO.read(file.toFile());
    assertThat(image.getWidth()).isEqualTo(2 * 640);
    assertThat(image.getHeight()).isEqualTo(2 * 420);
  }

  @Test
  void formatsValuesForLabels() {
    assertThat(Chart.format(123_456)).isEqualTo("123k");
    assertThat(Chart.format(12_345)).isEqualTo("12.3k");
    assertThat(Chart.format(345)).isEqualTo("345");
    assertThat(Chart.format(34.56)).isEqualTo("34.6");
    assertThat(Chart.format(3.456)).isEqualTo("3.46");
    assertThat(Chart.format(0.123)).isEqualTo("0.12");
    assertThat(Chart.format(0)).isEqualTo("0");
  }
}
