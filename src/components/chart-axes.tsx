/**
 * The grid and axes of the daily bar charts, with labels that cost no layout (issue 28). recharts' own label measures
 * each word of each label in the DOM (a forced layout of the whole page per word, and more to pick which labels fit): on
 * the mentor dashboard that was 110 ms of one task on this machine, 450 ms of blocking time on a slow phone. These labels
 * are plain SVG text, and the axes show every n-th label (a number interval, which recharts places without measuring).
 */
import type { BaseTickContentProps } from "recharts";

/** How far below its anchor a label's baseline sits, as recharts' own labels place it (cap height 0.71em). */
const DROP = { start: "0.71em", middle: "0.355em", end: "0" } as const;

/** One axis label, 11 px, where recharts says it goes. */
export function plainTick({ x, y, index, payload, textAnchor, verticalAnchor, fill, className, tickFormatter }: BaseTickContentProps) {
  const value: unknown = payload.value;
  return (
    <text x={x} y={y} dy={DROP[verticalAnchor]} textAnchor={textAnchor} fill={fill} fontSize={11} className={className}>
      {tickFormatter ? tickFormatter(value, index) : String(value ?? "")}
    </text>
  );
}

/** The interval that shows at most `most` of `count` labels, evenly (0: every one). */
const everyNth = (count: number, most = 6): number => Math.max(0, Math.ceil(count / most) - 1);

/**
 * The grid of a daily bar chart: horizontal lines only. recharts still works out where vertical lines would go, measuring
 * the x labels to do so (with the axis's default interval, on the chart's first render, before the axis has told it its
 * own), unless it is given where they go: nowhere.
 */
export const QUIET_GRID = { strokeDasharray: "3 3", stroke: "#e2e8f0", vertical: false, verticalCoordinatesGenerator: (): number[] => [] };

/** The x axis of `count` days: at most six of them named, evenly. */
export const dayAxis = (count: number) => ({ tick: plainTick, interval: everyNth(count) });

/** The y axis of whole counts, every label drawn. */
export const COUNT_AXIS = { allowDecimals: false, tick: plainTick, interval: 0 };
