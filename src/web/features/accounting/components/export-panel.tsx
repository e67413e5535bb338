import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import {
  accountingPaths,
  EXPORT_FORMAT_LABELS,
  EXPORT_FORMAT_VALUES,
  type ExportFormat,
} from '@/contracts/accounting';
import { LoadFailed } from '@/web/components/query-states';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { useExportCheck } from '../api/export-check';

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** The export: a format, a period and a job; the file to download and what it could not map. */
export function ExportPanel({ jobs }: { jobs: { projectId: number; name: string }[] }) {
  const id = useId();
  const [format, setFormat] = useState<ExportFormat>('iif');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [projectId, setProjectId] = useState('');
  const [dateOrder, setDateOrder] = useState<'mdy' | 'dmy'>('mdy');
  const params = new URLSearchParams({ format });
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  if (projectId) params.set('projectId', projectId);
  if (format === 'xero-bills') params.set('dateOrder', dateOrder);
  const query = params.toString();
  const check = useExportCheck(query);
  const periodWrong = !!from && !!to && from > to;
  const data = check.data;
  const unmapped = data
    ? data.unmapped.costCodes.length + data.unmapped.vendors.length + data.unmapped.jobs.length
    : 0;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Export</CardTitle>
        <CardDescription>Files your accountant imports into QuickBooks or Xero.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <div className="grid gap-1.5 sm:col-span-2">
            <Label htmlFor={`${id}-format`}>Format</Label>
            <select
              id={`${id}-format`}
              className={selectClass}
              value={format}
              onChange={(e) => setFormat(e.target.value as ExportFormat)}
            >
              {EXPORT_FORMAT_VALUES.map((f) => (
                <option key={f} value={f}>
                  {EXPORT_FORMAT_LABELS[f]}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-from`}>From</Label>
            <Input id={`${id}-from`} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-to`}>To</Label>
            <Input id={`${id}-to`} type="date" value={to} onChange={(e) => setTo(e.target.value)} />
          </div>
          <div className="grid gap-1.5 sm:col-span-2">
            <Label htmlFor={`${id}-job`}>Job</Label>
            <select
              id={`${id}-job`}
              className={selectClass}
              value={projectId}
              onChange={(e) => setProjectId(e.target.value)}
            >
              <option value="">All jobs</option>
              {jobs.map((j) => (
                <option key={j.projectId} value={String(j.projectId)}>
                  {j.name}
                </option>
              ))}
            </select>
          </div>
          {format === 'xero-bills' && (
            <div className="grid gap-1.5 sm:col-span-2">
              <Label htmlFor={`${id}-order`}>Xero date order</Label>
              <select
                id={`${id}-order`}
                className={selectClass}
                value={dateOrder}
                onChange={(e) => setDateOrder(e.target.value === 'dmy' ? 'dmy' : 'mdy')}
              >
                <option value="mdy">Month first (MM/DD/YYYY)</option>
                <option value="dmy">Day first (DD/MM/YYYY)</option>
              </select>
            </div>
          )}
        </div>
        {periodWrong ? (
          <p role="alert" className="text-sm text-destructive">
            From cannot be after To.
          </p>
        ) : (
          <Button asChild className="w-fit">
            <a href={`${accountingPaths.exportFile}?${query}`} download>
              <Download aria-hidden="true" />
              Download file
            </a>
          </Button>
        )}
        {check.isError && !periodWrong && <LoadFailed what="The export check" error={check.error} />}
        {data && (
          <section aria-labelledby={`${id}-check`} className="grid gap-2 text-sm">
            <h3 id={`${id}-check`} className="font-semibold">
              {data.written} {data.written === 1 ? 'row' : 'rows'} to write
              {data.leftOut.length > 0 ? `, ${data.leftOut.length} left out` : ''}
              {unmapped === 0 && data.leftOut.length === 0 ? ': everything is mapped' : ''}
            </h3>
            {data.leftOut.length > 0 && (
              <div>
                <p className="font-medium text-destructive">
                  Left out of the file (map their cost codes to include them):
                </p>
                <ul className="list-disc pl-5">
                  {data.leftOut.map((l) => (
                    <li key={`${l.kind}-${l.projectId}-${l.number}`}>
                      {l.kind === 'bill' ? 'Bill' : 'Invoice'} {l.number}: {l.reason}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {data.unmapped.costCodes.length > 0 && (
              <p>
                <span className="font-medium">Cost codes without an account:</span>{' '}
                {data.unmapped.costCodes.map((c) => `${c.code} ${c.name}`.trim()).join(', ')}
              </p>
            )}
            {data.unmapped.vendors.length > 0 && (
              <p>
                <span className="font-medium">Vendors written under their own name:</span>{' '}
                {data.unmapped.vendors.map((v) => v.usedName).join(', ')}
              </p>
            )}
            {data.unmapped.jobs.length > 0 && (
              <p>
                <span className="font-medium">Jobs written under their default name:</span>{' '}
                {data.unmapped.jobs.map((j) => j.usedName).join(', ')}
              </p>
            )}
          </section>
        )}
      </CardContent>
    </Card>
  );
}
