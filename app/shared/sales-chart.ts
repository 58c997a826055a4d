/**
 * The dashboard's 30-day chart, laid out on the server (no chart library in the browser): one bar per day in a fixed
 * coordinate system the SVG scales. The time axis follows the reading direction (docs/decisions/0045): oldest day
 * at the start edge, today at the end edge, so in Arabic today is on the left.
 */
export const CHART_WIDTH = 600;
export const CHART_HEIGHT = 240;
const PAD_START = 56;
const PAD_END = 8;
const PAD_TOP = 12;
const PAD_BOTTOM = 28;

export type ChartDay = { netFils: number; tick: string | null };
/** `labelAnchor` is the SVG text-anchor of the day's label, read left to right (the label is drawn with direction ltr). */
export type ChartBar = { x: number; y: number; width: number; height: number; negative: boolean; labelX: number; labelAnchor: "start" | "middle" | "end" };
export type ChartGridLine = { y: number; fils: number };
export type ChartLayout = { bars: ChartBar[]; grid: ChartGridLine[]; axisX: number; baselineY: number; plotStart: number; plotEnd: number };

/** The smallest 1, 2 or 5 × 10ⁿ fils (at least 1 KD) at or above `fils`: round steps the axis can name. */
export function niceCeilFils(fils: number): number {
  let step = 1000;
  for (;;) {
    for (const factor of [1, 2, 5]) if (step * factor >= fils) return step * factor;
    step *= 10;
  }
}

export function layoutSalesChart(days: ChartDay[], rtl: boolean): ChartLayout {
  const top = niceCeilFils(Math.max(0, ...days.map((day) => day.netFils)));
  const lowest = Math.min(0, ...days.map((day) => day.netFils));
  const bottom = lowest < 0 ? -niceCeilFils(-lowest) : 0;
  const plotHeight = CHART_HEIGHT - PAD_TOP - PAD_BOTTOM;
  const yOf = (fils: number) => PAD_TOP + ((top - fils) / (top - bottom)) * plotHeight;
  const plotStart = rtl ? PAD_END : PAD_START;
  const plotEnd = rtl ? CHART_WIDTH - PAD_START : CHART_WIDTH - PAD_END;
  const slot = (plotEnd - plotStart) / Math.max(days.length, 1);
  const width = slot * 0.7;
  const baselineY = yOf(0);
  const bars = days.map((day, index) => {
    // the index-th slot from the start edge: the left in English, the right in Arabic
    const slotStart = rtl ? plotEnd - (index + 1) * slot : plotStart + index * slot;
    const y = yOf(Math.max(day.netFils, 0));
    const height = Math.abs(yOf(day.netFils) - baselineY);
    // Today's label, under the bar at the end edge, would stand half outside the drawing if centred (cut off at any
    // width, the SVG scales as a whole): it ends at that edge instead, on the left in Arabic.
    const endEdge = index === days.length - 1;
    const labelX = endEdge ? (rtl ? plotStart : plotEnd) : slotStart + slot / 2;
    const labelAnchor = endEdge ? (rtl ? "start" : "end") : "middle";
    return { x: round(slotStart + (slot - width) / 2), y: round(y), width: round(width), height: round(height), negative: day.netFils < 0, labelX: round(labelX), labelAnchor } as const;
  });
  const grid = [...new Set([top, top / 2, 0, bottom].filter((fils) => fils >= bottom))].map((fils) => ({ y: round(yOf(fils)), fils }));
  return { bars, grid, axisX: rtl ? CHART_WIDTH - PAD_START + 6 : PAD_START - 6, baselineY: round(baselineY), plotStart, plotEnd };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
