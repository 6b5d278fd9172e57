/** Geometry of the statistics charts: pure, so the drawing is tested without a browser. */

export interface ChartDatum {
  /** Stable identity of the datum (a series id, a player tag). */
  key: string;
  label: string;
  value: number;
}

export interface PlotBox {
  width: number;
  height: number;
  padding: number;
}

/** A round upper bound for the value axis (at least 1, so an all-zero series still draws). */
export function niceMax(values: readonly number[]): number {
  const max = Math.max(1, ...values);
  const magnitude = 10 ** Math.floor(Math.log10(max));
  const steps = [1, 2, 2.5, 5, 10];
  return steps.map((s) => s * magnitude).find((bound) => bound >= max) ?? max;
}

/** Points of a line chart: x spread evenly (one point alone in the middle), y from the bottom. */
export function linePoints(data: readonly ChartDatum[], box: PlotBox): { x: number; y: number }[] {
  const top = niceMax(data.map((d) => d.value));
  const innerWidth = box.width - 2 * box.padding;
  const innerHeight = box.height - 2 * box.padding;
  return data.map((d, i) => ({
    x: box.padding + (data.length === 1 ? innerWidth / 2 : (innerWidth * i) / (data.length - 1)),
    y: box.padding + innerHeight - (innerHeight * d.value) / top,
  }));
}

/** Widths of horizontal bars, proportional to the largest value. */
export function barWidths(data: readonly ChartDatum[], width: number): number[] {
  const top = Math.max(0, ...data.map((d) => d.value));
  return data.map((d) => (top === 0 ? 0 : (width * d.value) / top));
}
