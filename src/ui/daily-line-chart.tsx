import { type BaseTickContentProps, CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import { shortDay } from "./short-day";

/**
 * One day of a series: its key (unique, the calendar day "YYYY-MM-DD"), its label on the x axis (when not given, the
 * day as the app writes it short, in the reader's language: "Nov 29", "29 नव॰"), and its value.
 */
export type DayPoint = { key: string; label?: string; value: number };

type DailyLineChartProps = {
  points: DayPoint[];
  /** The series' name in the tooltip ("New enrollments: 3"). */
  name: string;
  /** A value as the axis writes it (short) and as the tooltip writes it (in full). */
  axisValue?: (value: number) => string;
  tooltipValue?: (value: number) => string;
  /** Room for the value axis' labels, in px. */
  valueAxisWidth?: number;
  /** The tooltip's heading for a day (its label when not given). */
  tooltipTitle?: (point: DayPoint) => string;
  className?: string;
};

const AXIS_COLOR = "#94a3b8";
/** The labels darker than the axes, to be read (slate-500 on white). */
const LABEL_COLOR = "#64748b";
const LINE_COLOR = "#4f46e5";
/** At most six days named on the x axis, evenly. */
const MOST_DAYS_NAMED = 6;

/** How far below its anchor a label's baseline sits, as recharts' own labels place it (cap height 0.71em). */
const DROP = { start: "0.71em", middle: "0.355em", end: "0" } as const;

/**
 * One axis label, 11 px, where recharts says it goes. recharts' own label measures every word in the page (a forced
 * layout per word); a plain SVG text costs nothing to place.
 */
function plainTick({ x, y, index, payload, textAnchor, verticalAnchor, className, tickFormatter }: BaseTickContentProps) {
  const value: unknown = payload.value;
  return (
    <text x={x} y={y} dy={DROP[verticalAnchor]} textAnchor={textAnchor} fill={LABEL_COLOR} fontSize={11} className={className}>
      {tickFormatter ? tickFormatter(value, index) : String(value ?? "")}
    </text>
  );
}

/**
 * Daily figures as a line, one point per day (ADR 0037): recharts' LineChart, straight segments between the days (a
 * smoothed curve would draw values between days that never happened), a dot on each day so a day with none still shows
 * its zero. Nothing in it is measured in the page: plain labels, every n-th day named, no vertical grid lines. It fills
 * its parent, sized by `className`, and is drawn once (no animation). Drawn for the eye only: every chart has its figures
 * in words or a table beside it, so it takes no focus. Pointing at (or tapping) a day shows its value.
 */
export default function DailyLineChart({
  points,
  name,
  axisValue = String,
  tooltipValue = axisValue,
  valueAxisWidth = 28,
  tooltipTitle = (point) => point.label ?? shortDay(point.key),
  className,
}: DailyLineChartProps) {
  const labelOf = new Map(points.map((point) => [point.key, point.label ?? shortDay(point.key)]));
  const byKey = new Map(points.map((point) => [point.key, point]));
  const every = Math.max(0, Math.ceil(points.length / MOST_DAYS_NAMED) - 1);
  return (
    <div className={`daily-line-chart ${className ?? ""}`}>
      <LineChart
        responsive
        style={{ width: "100%", height: "100%" }}
        data={points}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        accessibilityLayer={false}
      >
        {/* Horizontal lines only: told where vertical ones go (nowhere), recharts does not measure the labels to place them. */}
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} verticalCoordinatesGenerator={() => []} />
        <XAxis
          dataKey="key"
          interval={every}
          tick={plainTick}
          tickFormatter={(key: string) => labelOf.get(key) ?? key}
          stroke={AXIS_COLOR}
          tickLine={{ stroke: AXIS_COLOR }}
        />
        <YAxis
          allowDecimals={false}
          interval={0}
          width={valueAxisWidth}
          tick={plainTick}
          tickFormatter={(value: number) => axisValue(value)}
          stroke={AXIS_COLOR}
        />
        <Tooltip
          cursor={{ stroke: "#c7d2fe" }}
          labelFormatter={(key) => {
            const point = byKey.get(String(key));
            return point ? tooltipTitle(point) : String(key);
          }}
          formatter={(value) => [tooltipValue(Number(value)), name]}
          wrapperClassName="text-xs"
        />
        <Line
          type="linear"
          dataKey="value"
          name={name}
          stroke={LINE_COLOR}
          strokeWidth={2}
          dot={{ r: 2, fill: LINE_COLOR, strokeWidth: 0 }}
          activeDot={{ r: 4 }}
          isAnimationActive={false}
        />
      </LineChart>
    </div>
  );
}
