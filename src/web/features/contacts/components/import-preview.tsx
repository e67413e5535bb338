import { CONTACT_TYPE_LABELS } from '@/contracts/contacts';
import type { ContactImportDto, ContactImportRowDto } from '@/contracts/contacts-import';
import { Badge } from '@/web/components/ui/badge';
import { cn } from '@/web/lib/utils';

/** Rows listed at most; the summary counts them all. */
const SHOWN_ROWS = 200;

const STATUS_LABELS: Record<ContactImportRowDto['status'], string> = {
  new: 'New',
  invalid: 'Invalid',
  duplicate: 'Duplicate',
};

const STATUS_STYLES: Record<ContactImportRowDto['status'], string> = {
  new: 'bg-green-100 text-green-800',
  invalid: 'bg-red-100 text-red-800',
  duplicate: 'bg-slate-100 text-slate-700',
};

/** Why a row is not imported: its errors one after the other, or the duplicate's reason. */
function whyNot(row: ContactImportRowDto): string {
  if (row.status === 'duplicate') return row.reason ?? '';
  return Object.values(row.errors).join('; ');
}

/** What the import will do: the counts, then each row with its outcome (problems first). */
export function ImportPreview({ preview }: { preview: ContactImportDto }) {
  const { summary } = preview;
  const order = { invalid: 0, duplicate: 1, new: 2 } as const;
  const rows = [...preview.rows].sort((a, b) => order[a.status] - order[b.status] || a.line - b.line);
  return (
    <section className="grid gap-3" aria-label="Import preview">
      <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="import-summary">
        <span className="font-semibold">{`${summary.rows} ${summary.rows === 1 ? 'row' : 'rows'}:`}</span>
        <Badge className={cn('border-transparent', STATUS_STYLES.new)}>{`${summary.new} to create`}</Badge>
        <Badge
          className={cn('border-transparent', STATUS_STYLES.invalid)}
        >{`${summary.invalid} invalid`}</Badge>
        <Badge className={cn('border-transparent', STATUS_STYLES.duplicate)}>
          {`${summary.duplicate} ${summary.duplicate === 1 ? 'duplicate' : 'duplicates'} skipped`}
        </Badge>
      </p>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">The file has no rows under its header.</p>
      ) : (
        <section
          aria-label="Rows of the file"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
          tabIndex={0}
          className="max-h-72 overflow-auto rounded-md border border-border focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
            <thead className="sticky top-0 bg-muted text-xs text-muted-foreground uppercase">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Row
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Name
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Email
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Type
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Result
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.slice(0, SHOWN_ROWS).map((row) => (
                <tr key={row.line} className="border-t border-border align-top" data-status={row.status}>
                  <td className="px-3 py-2 tabular-nums text-muted-foreground">{row.line}</td>
                  <td className="max-w-48 truncate px-3 py-2">{row.values.name || '—'}</td>
                  <td className="max-w-56 truncate px-3 py-2">{row.values.email || '—'}</td>
                  <td className="px-3 py-2">{row.type ? CONTACT_TYPE_LABELS[row.type] : '—'}</td>
                  <td className="px-3 py-2">
                    <span className="flex flex-col gap-0.5">
                      <Badge className={cn('w-fit border-transparent', STATUS_STYLES[row.status])}>
                        {STATUS_LABELS[row.status]}
                      </Badge>
                      {row.status !== 'new' && (
                        <span className="text-xs text-muted-foreground">{whyNot(row)}</span>
                      )}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {rows.length > SHOWN_ROWS && (
        <p className="text-xs text-muted-foreground">{`The first ${SHOWN_ROWS} of ${rows.length} rows are listed.`}</p>
      )}
    </section>
  );
}
