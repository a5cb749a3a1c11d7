/** A scrape of GET /metrics, parsed: what the tests assert on (Prometheus text format, samples only). */
export class MetricsText {
  readonly series: { name: string; labels: Record<string, string>; value: number }[] = [];

  constructor(readonly text: string) {
    for (const line of text.split('\n')) {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) continue;
      const labels: Record<string, string> = {};
      for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key] = value;
      this.series.push({ name: match[1], labels, value: Number(match[3]) });
    }
  }

  /** The sum of the series called `name` that carry every label given (undefined when there is none). */
  value(name: string, labels: Record<string, string> = {}): number | undefined {
    const matching = this.series.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
    return matching.length ? matching.reduce((sum, s) => sum + s.value, 0) : undefined;
  }
}
