/** SVG pieces drawn the same way on screen, in print and in the PNG export. */
import { memo } from 'react';
import type { WorkingDays } from '@/domain/schedule/calendar-days';
import { daysOffRuns, shadesDaysOff } from './gantt-days-off';
import { type GanttZoom, isoOfSerial, LINK_TYPE_NAMES, longDate, shortDate, ticks } from './gantt-geometry';
import {
  BAR_HEIGHT,
  COLORS,
  type GanttLayout,
  HEADER_HEIGHT,
  type PlacedLink,
  type PlacedTask,
  ROW_HEIGHT,
} from './gantt-layout';

export const FONT = 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif';

export function ArrowMarkers({ id }: { id: string }) {
  return (
    <defs>
      <marker
        id={`${id}-arrow`}
        viewBox="0 0 8 8"
        refX="7"
        refY="4"
        markerWidth="7"
        markerHeight="7"
        orient="auto"
      >
        <path d="M0,0 L8,4 L0,8 z" fill={COLORS.link} />
      </marker>
      <marker
        id={`${id}-arrow-critical`}
        viewBox="0 0 8 8"
        refX="7"
        refY="4"
        markerWidth="7"
        markerHeight="7"
        orient="auto"
      >
        <path d="M0,0 L8,4 L0,8 z" fill={COLORS.criticalLink} />
      </marker>
    </defs>
  );
}

/** The date scale: month names above, the zoom's ticks below. */
export const GanttScale = memo(function GanttScale({
  layout,
  zoom,
}: {
  layout: GanttLayout;
  zoom: GanttZoom;
}) {
  const { origin, end, pxPerDay } = layout;
  const xOf = (serial: number) => (serial - origin) * pxPerDay;
  const months: { serial: number; label: string }[] = [];
  if (zoom !== 'month') {
    for (let d = origin; d <= end; d++) {
      const iso = isoOfSerial(d);
      // The first month is named at the left edge unless the next one starts right after it.
      const roomy = isoOfSerial(d + Math.ceil(80 / pxPerDay)).slice(0, 7) === iso.slice(0, 7);
      if ((d === origin && roomy) || iso.endsWith('-01'))
        months.push({ serial: d, label: `${shortDate(d).split(' ')[0]} ${iso.slice(0, 4)}` });
    }
  }
  return (
    <g fontFamily={FONT} fontSize="11" fill={COLORS.muted}>
      {months.map((m) => (
        <text key={m.serial} x={xOf(m.serial) + 4} y={14} fontWeight="600" fill={COLORS.text}>
          {m.label}
        </text>
      ))}
      {ticks(origin, end, zoom).map((t) => (
        <g key={t.serial}>
          <line
            x1={xOf(t.serial)}
            x2={xOf(t.serial)}
            y1={zoom === 'month' ? 0 : 20}
            y2={HEADER_HEIGHT}
            stroke={COLORS.grid}
          />
          <text
            x={xOf(t.serial) + (zoom === 'day' ? pxPerDay / 2 : 4)}
            y={zoom === 'month' ? 28 : 36}
            textAnchor={zoom === 'day' ? 'middle' : 'start'}
            fontWeight={t.major && zoom === 'month' ? '600' : '400'}
          >
            {t.label}
          </text>
        </g>
      ))}
      <line x1={0} x2={layout.width} y1={HEADER_HEIGHT - 0.5} y2={HEADER_HEIGHT - 0.5} stroke={COLORS.grid} />
    </g>
  );
});

/**
 * The project's days off shaded (one rectangle per run of them, at day and week zoom), grid lines,
 * the today line and the data-date line, over `height` px.
 */
export const GanttGrid = memo(function GanttGrid({
  layout,
  zoom,
  today,
  height,
  calendar,
  dataDate = null,
}: {
  layout: GanttLayout;
  zoom: GanttZoom;
  today: number;
  height: number;
  /** The project's working days: the days it does not work are shaded. */
  calendar: Pick<WorkingDays, 'isWorkingSerial'>;
  /** The project's data date (day serial): a solid line at the start of that day. */
  dataDate?: number | null | undefined;
}) {
  const { origin, end, pxPerDay } = layout;
  const xOf = (serial: number) => (serial - origin) * pxPerDay;
  const daysOff = shadesDaysOff(zoom) ? daysOffRuns(calendar, origin, end) : [];
  const showToday = today >= origin && today <= end;
  return (
    <g>
      {daysOff.map((run) => (
        <rect
          key={run.from}
          data-nonworking={isoOfSerial(run.from)}
          data-nonworking-to={isoOfSerial(run.to)}
          x={xOf(run.from)}
          y={0}
          width={(run.to - run.from + 1) * pxPerDay}
          height={height}
          fill={COLORS.dayOff}
          fillOpacity={0.08}
        />
      ))}
      {ticks(origin, end, zoom)
        .filter((t) => zoom !== 'day' || t.major)
        .map((t) => (
          <line
            key={t.serial}
            x1={xOf(t.serial)}
            x2={xOf(t.serial)}
            y1={0}
            y2={height}
            stroke={COLORS.grid}
          />
        ))}
      {showToday && (
        <line
          data-today={isoOfSerial(today)}
          x1={xOf(today) + pxPerDay / 2}
          x2={xOf(today) + pxPerDay / 2}
          y1={0}
          y2={height}
          stroke={COLORS.today}
          strokeWidth={2}
          strokeDasharray="4 3"
        />
      )}
      {dataDate !== null && dataDate >= origin && dataDate <= end && (
        <line
          data-data-date={isoOfSerial(dataDate)}
          x1={xOf(dataDate)}
          x2={xOf(dataDate)}
          y1={0}
          y2={height}
          stroke={COLORS.dataDate}
          strokeWidth={2}
        >
          <title>{`Data date ${isoOfSerial(dataDate)}`}</title>
        </line>
      )}
    </g>
  );
});

export interface BarPreview {
  /** Calendar days the whole bar is shifted. */
  moveDays: number;
  /** Calendar days the right edge is shifted. */
  resizeDays: number;
}

/** A task's bar (a diamond for a milestone) and its trailing float bar, in row coordinates. */
export function BarShape({
  placed,
  layout,
  preview,
}: {
  placed: PlacedTask;
  layout: GanttLayout;
  preview?: BarPreview | undefined;
}) {
  const { task } = placed;
  const ppd = layout.pxPerDay;
  const move = preview?.moveDays ?? 0;
  const grow = preview?.resizeDays ?? 0;
  const x = (placed.startSerial + move - layout.origin) * ppd;
  const width = Math.max(ppd, (placed.endSerial - placed.startSerial + 1 + grow) * ppd);
  const floatWidth = (placed.floatEndSerial - placed.endSerial) * ppd;
  const y = (ROW_HEIGHT - BAR_HEIGHT) / 2;
  const fill = task.isCritical ? COLORS.critical : COLORS.bar;
  if (task.duration === 0) {
    const cx = x + ppd / 2;
    const r = BAR_HEIGHT / 2 + 1;
    return (
      <path
        data-bar=""
        d={`M${cx},${ROW_HEIGHT / 2 - r} L${cx + r},${ROW_HEIGHT / 2} L${cx},${ROW_HEIGHT / 2 + r} L${cx - r},${ROW_HEIGHT / 2} z`}
        fill={fill}
      />
    );
  }
  return (
    <>
      {floatWidth > 0 && (
        <rect
          data-float=""
          x={x + width}
          y={ROW_HEIGHT / 2 - 2}
          width={floatWidth}
          height={4}
          rx={2}
          fill={COLORS.float}
        />
      )}
      <rect data-bar="" x={x} y={y} width={width} height={BAR_HEIGHT} rx={3} fill={fill} />
    </>
  );
}

/** The right edge of a bar in px (the end of its last day). */
export function barRight(placed: PlacedTask, layout: GanttLayout): number {
  return (placed.endSerial - layout.origin + 1) * layout.pxPerDay;
}

export function barLeft(placed: PlacedTask, layout: GanttLayout): number {
  return (placed.startSerial - layout.origin) * layout.pxPerDay;
}

/** How an arrow is named in its tooltip: "Pour → Frame (FS+2d): reason". */
function describeLink(l: PlacedLink, nameOf?: (taskId: number) => string): string {
  return `${nameOf?.(l.predecessorId) ?? 'Task'} → ${nameOf?.(l.successorId) ?? 'task'} (${l.type}${
    l.lagDays > 0 ? `+${l.lagDays}d` : l.lagDays < 0 ? `${l.lagDays}d` : ''
  })${l.reason ? `: ${l.reason}` : ''}`;
}

/** One drawn arrow. Memoised, as are the two below: a scroll draws only the arrows that came into view. */
const LinkLine = memo(function LinkLine({ link: l, markerId }: { link: PlacedLink; markerId: string }) {
  return (
    <path
      data-link={`${l.predecessorId}-${l.successorId}-${l.type}`}
      data-link-type={l.type}
      data-link-lag={l.lagDays}
      d={l.path}
      stroke={l.critical ? COLORS.criticalLink : COLORS.link}
      strokeWidth={l.critical ? 1.5 : 1}
      markerEnd={`url(#${markerId}-arrow${l.critical ? '-critical' : ''})`}
      pointerEvents="none"
    />
  );
});

/** An arrow's wider invisible stroke that opens it (a click, or Enter or Space when it has focus). */
const LinkHit = memo(function LinkHit({
  link: l,
  onLinkClick,
  nameOf,
}: {
  link: PlacedLink;
  onLinkClick: (link: PlacedLink) => void;
  nameOf?: ((taskId: number) => string) | undefined;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG path cannot be a <button>; Enter and Space open it.
    <path
      data-link-hit={`${l.predecessorId}-${l.successorId}-${l.type}`}
      role="button"
      tabIndex={-1}
      aria-label={`Edit the link from ${nameOf?.(l.predecessorId) ?? 'task'} to ${
        nameOf?.(l.successorId) ?? 'task'
      }: ${LINK_TYPE_NAMES[l.type].toLowerCase()}, lag ${l.lagDays} ${Math.abs(l.lagDays) === 1 ? 'day' : 'days'}`}
      d={l.path}
      stroke="transparent"
      strokeWidth={10}
      pointerEvents="stroke"
      className="cursor-pointer outline-none hover:stroke-[#94a3b8]/40"
      onClick={() => onLinkClick(l)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onLinkClick(l);
        }
      }}
    >
      <title>{`${describeLink(l, nameOf)}${l.reason ? '. Click' : ': click'} to change`}</title>
    </path>
  );
});

/** A read-only chart still explains a link on hover. */
const LinkReason = memo(function LinkReason({
  link: l,
  nameOf,
}: {
  link: PlacedLink;
  nameOf?: ((taskId: number) => string) | undefined;
}) {
  return (
    <path
      data-link-reason={`${l.predecessorId}-${l.successorId}-${l.type}`}
      d={l.path}
      stroke="transparent"
      strokeWidth={8}
      pointerEvents="stroke"
    >
      <title>{describeLink(l, nameOf)}</title>
    </path>
  );
});

/**
 * Dependency arrows touching rows `first`…`last - 1` (all when not given). With `onLinkClick`, each
 * arrow has a wider invisible stroke that opens it (a click, or Enter when it has focus).
 */
export function LinkArrows({
  layout,
  markerId,
  first = 0,
  last = Number.POSITIVE_INFINITY,
  onLinkClick,
  nameOf,
}: {
  layout: GanttLayout;
  markerId: string;
  first?: number;
  last?: number;
  onLinkClick?: ((link: PlacedLink) => void) | undefined;
  nameOf?: ((taskId: number) => string) | undefined;
}) {
  const shown = layout.links.filter((l) => l.bottom >= first && l.top < last);
  return (
    <g fill="none">
      {shown.map((l) => (
        <LinkLine key={l.key} link={l} markerId={markerId} />
      ))}
      {onLinkClick &&
        shown.map((l) => <LinkHit key={`hit-${l.key}`} link={l} onLinkClick={onLinkClick} nameOf={nameOf} />)}
      {!onLinkClick &&
        shown
          .filter((l) => l.reason)
          .map((l) => <LinkReason key={`why-${l.key}`} link={l} nameOf={nameOf} />)}
    </g>
  );
}

/**
 * A task's markers, in row coordinates: its materials' expected delivery (an amber diamond above the
 * bar, with a tooltip) and its start-no-earlier-than day (a blue bracket at that day's left edge).
 */
export function TaskMarkers({ placed, layout }: { placed: PlacedTask; layout: GanttLayout }) {
  const ppd = layout.pxPerDay;
  const { materialsSerial, constraintSerial } = placed;
  return (
    <>
      {constraintSerial !== undefined && (
        <g data-constraint={isoOfSerial(constraintSerial)} pointerEvents="visiblePainted">
          <title>{`${placed.task.name}: starts no earlier than ${longDate(constraintSerial)}`}</title>
          <path
            d={`M${(constraintSerial - layout.origin) * ppd + 3},${(ROW_HEIGHT - BAR_HEIGHT) / 2 - 2} h-3 v${
              BAR_HEIGHT + 4
            } h3`}
            fill="none"
            stroke={COLORS.constraint}
            strokeWidth={1.5}
          />
        </g>
      )}
      {materialsSerial !== undefined && (
        <g data-materials={isoOfSerial(materialsSerial)} pointerEvents="visiblePainted">
          <title>{`${placed.task.name}: materials expected ${longDate(materialsSerial)} (not delivered yet)`}</title>
          <line
            x1={(materialsSerial - layout.origin) * ppd + ppd / 2}
            x2={(materialsSerial - layout.origin) * ppd + ppd / 2}
            y1={8}
            y2={ROW_HEIGHT - 3}
            stroke={COLORS.materials}
            strokeWidth={1.5}
            strokeDasharray="3 2"
          />
          <path
            d={diamond((materialsSerial - layout.origin) * ppd + ppd / 2, 6.5, 5.5)}
            fill={COLORS.materials}
            stroke="#ffffff"
            strokeWidth={1}
          />
        </g>
      )}
    </>
  );
}

function diamond(cx: number, cy: number, r: number): string {
  return `M${cx},${cy - r} L${cx + r},${cy} L${cx},${cy + r} L${cx - r},${cy} z`;
}
