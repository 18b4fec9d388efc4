import { AxisBottom, AxisLeft } from "@visx/axis";
import { GridRows } from "@visx/grid";
import { Group } from "@visx/group";
import { useParentSize } from "@visx/responsive";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { TooltipWithBounds, useTooltip } from "@visx/tooltip";
import type { PointerEvent } from "react";

/** One bar: a day's key (unique), its label on the x axis, and its value. */
export type DayBar = { key: string; label: string; value: number };

type DailyBarChartProps = {
  bars: DayBar[];
  /** The series' name in the tooltip ("New enrollments: 3"). */
  name: string;
  /** A value as the axis writes it (short) and as the tooltip writes it (in full). */
  axisValue?: (value: number) => string;
  tooltipValue?: (value: number) => string;
  /** Room for the value axis' labels, in px. */
  valueAxisWidth?: number;
  /** The tooltip's heading for a bar (its label when not given). */
  tooltipTitle?: (bar: DayBar) => string;
  className?: string;
};

const LABEL = { fontSize: 11, fill: "#64748b" } as const;
const AXIS_COLOR = "#94a3b8";
/** At most six days named on the x axis, evenly; at most five values on the other. */
const MOST_DAYS_NAMED = 6;
const MOST_VALUES = 5;

/**
 * Daily figures as bars, one per day (ADR 0029): visx's scales, axes and shapes, drawn in one render with
 * nothing measured in the page (recharts drew the same chart in a 130-180 ms task on a slow phone). It fills its parent,
 * sized by `className`, and draws once that size is known. Drawn for the eye only: every chart has its figures in words
 * or a table beside it, so it takes no focus. Pointing at (or tapping) a day shows its value.
 */
export default function DailyBarChart({
  bars,
  name,
  axisValue = String,
  tooltipValue = axisValue,
  valueAxisWidth = 28,
  tooltipTitle = (bar) => bar.label,
  className,
}: DailyBarChartProps) {
  const { parentRef, width, height } = useParentSize({ debounceTime: 100 });
  const tooltip = useTooltip<DayBar>();
  const margin = { top: 8, right: 8, bottom: 22, left: valueAxisWidth };
  const innerWidth = Math.max(0, width - margin.left - margin.right);
  const innerHeight = Math.max(0, height - margin.top - margin.bottom);
  const x = scaleBand({ domain: bars.map((bar) => bar.key), range: [0, innerWidth], padding: 0.2 });
  const y = scaleLinear({ domain: [0, Math.max(1, ...bars.map((bar) => bar.value))], range: [innerHeight, 0], nice: true });
  const valueTicks = y.ticks(MOST_VALUES).filter(Number.isInteger);
  const every = Math.ceil(bars.length / MOST_DAYS_NAMED) || 1;
  const namedDays = bars.filter((_, i) => i % every === 0).map((bar) => bar.key);
  const labelOf = new Map(bars.map((bar) => [bar.key, bar.label]));
  /** Where a day's whole column starts: its bar's band and half the gaps beside it. */
  const columnX = (key: string) => (x(key) ?? 0) - (x.step() - x.bandwidth()) / 2;
  const point = (bar: DayBar) => (event: PointerEvent<SVGRectElement>) => {
    const box = event.currentTarget.ownerSVGElement!.getBoundingClientRect();
    tooltip.showTooltip({ tooltipData: bar, tooltipLeft: event.clientX - box.left, tooltipTop: event.clientY - box.top });
  };
  // A finger lifted leaves the column at once: the day tapped keeps its value shown until another is tapped.
  const leave = (event: PointerEvent<SVGRectElement>) => {
    if (event.pointerType === "mouse") tooltip.hideTooltip();
  };
  return (
    <div ref={parentRef} className={`daily-bar-chart relative ${className ?? ""}`}>
      {width > 0 && height > 0 && (
        <svg width={width} height={height} aria-hidden="true">
          <Group left={margin.left} top={margin.top}>
            <GridRows scale={y} width={innerWidth} tickValues={valueTicks} stroke="#e2e8f0" strokeDasharray="3 3" />
            {tooltip.tooltipOpen && tooltip.tooltipData && (
              <rect x={columnX(tooltip.tooltipData.key)} width={x.step()} height={innerHeight} fill="#eef2ff" />
            )}
            {bars.map((bar) => (
              <Bar
                key={bar.key}
                className="daily-bar"
                x={x(bar.key)}
                y={y(bar.value)}
                width={x.bandwidth()}
                height={innerHeight - y(bar.value)}
                fill="#4f46e5"
                rx={2}
              />
            ))}
            {/* Each day's whole column answers the pointer, so a day with a short bar (or none) shows its value too. */}
            {bars.map((bar) => (
              <rect
                key={bar.key}
                x={columnX(bar.key)}
                width={x.step()}
                height={innerHeight}
                fill="transparent"
                onPointerMove={point(bar)}
                onPointerDown={point(bar)}
                onPointerLeave={leave}
              />
            ))}
            <AxisLeft
              scale={y}
              tickValues={valueTicks}
              tickFormat={(value) => axisValue(Number(value))}
              axisClassName="daily-bar-values"
              stroke={AXIS_COLOR}
              tickStroke={AXIS_COLOR}
              tickLabelProps={LABEL}
            />
            <AxisBottom
              top={innerHeight}
              scale={x}
              tickValues={namedDays}
              tickFormat={(key) => labelOf.get(key) ?? key}
              axisClassName="daily-bar-days"
              stroke={AXIS_COLOR}
              tickStroke={AXIS_COLOR}
              tickLabelProps={LABEL}
            />
          </Group>
        </svg>
      )}
      {tooltip.tooltipOpen && tooltip.tooltipData && (
        <TooltipWithBounds
          left={tooltip.tooltipLeft}
          top={tooltip.tooltipTop}
          className="pointer-events-none rounded-md border border-slate-200 bg-white px-2 py-1 text-xs text-slate-700 shadow-sm"
          unstyled
          applyPositionStyle
        >
          <p className="font-medium text-slate-900">{tooltipTitle(tooltip.tooltipData)}</p>
          <p>
            {name}: {tooltipValue(tooltip.tooltipData.value)}
          </p>
        </TooltipWithBounds>
      )}
    </div>
  );
}
