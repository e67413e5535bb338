import type { ChangeOrderDto } from '@/contracts/change-orders';
import { EVENT_LABELS } from '../lib/change-order-view';

const when = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'UTC',
});

/**
 * Every transition of the change order: what happened, who (a staff member or the signer's address),
 * when (UTC), from where (IP address and browser); the signed one also holds the PDFs' SHA-256.
 */
export function AuditTrail({ co }: { co: ChangeOrderDto }) {
  return (
    <section aria-labelledby="co-audit" className="rounded-lg border border-border bg-card shadow-sm">
      <h2 id="co-audit" className="border-b border-border px-4 py-3 text-base font-semibold">
        Audit trail
      </h2>
      {(co.pdfSha256 || co.signedPdfSha256) && (
        <dl className="grid gap-1 border-b border-border px-4 py-3 text-xs">
          {co.pdfSha256 && (
            <div className="grid gap-0.5 sm:grid-cols-[10rem_minmax(0,1fr)]">
              <dt className="text-muted-foreground">PDF shown (SHA-256)</dt>
              <dd data-testid="pdf-sha256" className="font-mono break-all">
                {co.pdfSha256}
              </dd>
            </div>
          )}
          {co.signedPdfSha256 && (
            <div className="grid gap-0.5 sm:grid-cols-[10rem_minmax(0,1fr)]">
              <dt className="text-muted-foreground">Signed PDF (SHA-256)</dt>
              <dd data-testid="signed-pdf-sha256" className="font-mono break-all">
                {co.signedPdfSha256}
              </dd>
            </div>
          )}
        </dl>
      )}
      <ol className="divide-y divide-border">
        {co.events.map((e) => (
          <li key={e.id} data-testid="audit-event" className="grid gap-0.5 px-4 py-2.5 text-sm">
            <p className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-medium">{EVENT_LABELS[e.event]}</span>
              <time dateTime={e.at} className="text-xs text-muted-foreground tabular-nums">
                {when.format(new Date(e.at))} UTC
              </time>
            </p>
            <p className="text-xs break-words text-muted-foreground">
              {e.userName ?? e.signer ?? 'Unknown'}
              {e.ip ? ` · ${e.ip}` : ''}
              {e.userAgent ? ` · ${e.userAgent}` : ''}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
