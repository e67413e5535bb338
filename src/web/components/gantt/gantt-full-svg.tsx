/** The whole chart as one SVG: what is printed and what the PNG export draws. */
import type { Ref } from 'react';
import type { WorkingDays } from '@/domain/schedule/calendar-days';
import { BaselineBar, hasVariance, VarianceLabels } from './gantt-baseline';
import type { GanttZoom } from './gantt-geometry';
import { COLORS, type GanttLayout, HEADER_HEIGHT, ROW_HEIGHT } from './gantt-layout';
import { ArrowMarkers, BarShape, FONT, GanttGrid, GanttScale, LinkArrows, TaskMarkers } from './gantt-svg';

/**
 * The whole chart as one SVG (every row, task names in a left column): what is printed and what
 * the PNG export draws.
 */
export function FullGanttSvg({
  layout,
  zoom,
  today,
  dataDate,
  calendar,
  title,
  labelWidth = 240,
  svgRef,
}: {
  layout: GanttLayout;
  zoom: GanttZoom;
  today: number;
  dataDate?: number | null | undefined;
  /** The project's working days: the days it does not work are shaded. */
  calendar: Pick<WorkingDays, 'isWorkingSerial'>;
  title: string;
  labelWidth?: number;
  svgRef?: Ref<SVGSVGElement> | undefined;
}) {
  const titleHeight = 28;
  const width = labelWidth + layout.width;
  const height = titleHeight + HEADER_HEIGHT + layout.height;
  return (
    <svg
      ref={svgRef}
      xmlns="http://www.w3.org/2000/svg"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      fontFamily={FONT}
      role="img"
      aria-label={`Gantt chart of ${title}`}
    >
      <ArrowMarkers id="gantt-full" />
      <rect width={width} height={height} fill="#ffffff" />
      <text x={8} y={19} fontSize="14" fontWeight="700" fill={COLORS.text}>
        {title}
      </text>
      <g transform={`translate(${labelWidth}, ${titleHeight})`}>
        <GanttScale layout={layout} zoom={zoom} />
      </g>
      <g transform={`translate(0, ${titleHeight + HEADER_HEIGHT})`}>
        {layout.rows.map((row, i) =>
          row.kind === 'phase' ? (
            <rect
              key={`p-${row.phase}`}
              x={0}
              y={i * ROW_HEIGHT}
              width={width}
              height={ROW_HEIGHT}
              fill={COLORS.phase}
            />
          ) : null,
        )}
        <g transform={`translate(${labelWidth}, 0)`}>
          <GanttGrid
            layout={layout}
            zoom={zoom}
            today={today}
            height={layout.height}
            calendar={calendar}
            dataDate={dataDate}
          />
          <LinkArrows layout={layout} markerId="gantt-full" />
          {[...layout.placed.values()].map((p) => (
            <g key={p.task.id} transform={`translate(0, ${p.row * ROW_HEIGHT})`}>
              <BaselineBar placed={p} layout={layout} />
              <BarShape placed={p} layout={layout} />
              <TaskMarkers placed={p} layout={layout} />
            </g>
          ))}
        </g>
        <g fontSize="12" fill={COLORS.text}>
          {layout.rows.map((row, i) => (
            <text
              key={row.kind === 'phase' ? `p-${row.phase}` : row.task.id}
              x={row.kind === 'phase' ? 8 : 20}
              y={i * ROW_HEIGHT + ROW_HEIGHT / 2 + 4}
              fontWeight={row.kind === 'phase' ? '700' : '400'}
            >
              {row.kind === 'phase'
                ? truncate(row.phase, Math.floor(labelWidth / 7))
                : truncate(row.task.name, Math.floor(labelWidth / 7) - (hasVariance(row.task) ? 6 : 0))}
            </text>
          ))}
          <VarianceLabels rows={layout.rows} right={labelWidth - 8} />
        </g>
        <line x1={labelWidth} x2={labelWidth} y1={0} y2={layout.height} stroke={COLORS.grid} />
      </g>
    </svg>
  );
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, Math.max(1, max - 1))}…` : text;
}
