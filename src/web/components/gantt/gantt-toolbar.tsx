/** The Gantt chart's toolbar: zoom, the project finish, print and PNG export. */
import { Download, Printer } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/utils';
import { type GanttZoom, isoOfSerial, longDate } from './gantt-geometry';

const ZOOMS: { value: GanttZoom; label: string }[] = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];

export function GanttToolbar({
  zoom,
  onZoom,
  finish,
  onPrint,
  onExportPng,
}: {
  zoom: GanttZoom;
  onZoom: (zoom: GanttZoom) => void;
  /** The finish as a day serial (NaN without tasks). */
  finish: number;
  onPrint: () => void;
  onExportPng: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <fieldset className="inline-flex rounded-md border p-0.5">
        <legend className="sr-only">Zoom</legend>
        {ZOOMS.map((z) => (
          <button
            key={z.value}
            type="button"
            aria-pressed={zoom === z.value}
            onClick={() => onZoom(z.value)}
            className={cn(
              'rounded px-3 py-1 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring',
              zoom === z.value
                ? 'bg-primary text-primary-foreground'
                : 'text-muted-foreground hover:bg-secondary',
            )}
          >
            {z.label}
          </button>
        ))}
      </fieldset>
      <p className="text-sm" data-finish={Number.isFinite(finish) ? isoOfSerial(finish) : ''}>
        <span className="text-muted-foreground">Finish: </span>
        <span className="font-medium tabular-nums">{Number.isFinite(finish) ? longDate(finish) : '–'}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onPrint}>
          <Printer aria-hidden="true" />
          Print / Save as PDF
        </Button>
        <Button variant="outline" size="sm" onClick={onExportPng}>
          <Download aria-hidden="true" />
          Export PNG
        </Button>
      </div>
    </div>
  );
}
