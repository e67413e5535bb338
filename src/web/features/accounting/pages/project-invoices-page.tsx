import { ArrowLeft, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { InvoiceDto } from '@/contracts/accounting';
import { PageHeader } from '@/web/components/page-header';
import { EmptyBlock, LoadFailed, LoadingBlock } from '@/web/components/query-states';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { serverMessage } from '@/web/lib/api-client';
import { formatDate } from '@/web/lib/format';
import { useApproveInvoice } from '../api/approve-invoice';
import { useProjectInvoices } from '../api/get-invoices';
import { NewInvoiceForm } from '../components/new-invoice-form';
import { centsMoney } from '../lib/money';

function InvoiceCard({
  invoice,
  currency,
  manager,
  onEdit,
}: {
  invoice: InvoiceDto;
  currency: string;
  manager: boolean;
  onEdit: () => void;
}) {
  const approve = useApproveInvoice();
  return (
    <Card>
      <CardContent className="grid gap-3 pt-6">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-semibold">{invoice.number}</h2>
          <Badge variant={invoice.status === 'approved' ? 'default' : 'secondary'}>
            {invoice.status === 'approved' ? 'Approved' : 'Draft'}
          </Badge>
        </div>
        <p className="text-sm text-muted-foreground">
          Dated {formatDate(invoice.invoiceDate)}
          {invoice.dueDate ? ` · due ${formatDate(invoice.dueDate)}` : ''}
          {invoice.memo ? ` · ${invoice.memo}` : ''}
        </p>
        <ul className="grid gap-1 text-sm">
          {invoice.lines.map((line) => (
            <li key={line.id} className="flex justify-between gap-4">
              <span className="min-w-0 break-words">{line.description}</span>
              <span className="shrink-0 tabular-nums">{centsMoney(line.amountCents, currency)}</span>
            </li>
          ))}
          <li className="flex justify-between gap-4 border-t pt-1 font-semibold">
            <span>Total</span>
            <span className="tabular-nums">{centsMoney(invoice.totalCents, currency)}</span>
          </li>
        </ul>
        {invoice.status === 'approved' && invoice.approvedAt && (
          <p className="text-sm text-muted-foreground">
            Approved {formatDate(invoice.approvedAt)}
            {invoice.approvedByName ? ` by ${invoice.approvedByName}` : ''}
          </p>
        )}
        {invoice.status === 'draft' && (
          <div className="grid gap-2">
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={onEdit}>
                Change {invoice.number}
              </Button>
              {manager && (
                <Button disabled={approve.isPending} onClick={() => approve.mutate(invoice.id)}>
                  Approve {invoice.number}
                </Button>
              )}
            </div>
            {approve.isError && (
              <p role="alert" className="text-sm text-destructive">
                {serverMessage(approve.error) ?? 'The invoice could not be approved.'}
              </p>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * /projects/:projectId/invoices: the project's invoices to its client, drafted by anyone on the team
 * and approved by the owner or an admin; what is billed against the contract.
 */
export function ProjectInvoicesPage({ manager }: { manager: boolean }) {
  const projectId = Number(useParams().projectId);
  const query = useProjectInvoices(projectId);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const data = query.data;
  return (
    <div className="grid gap-5">
      <Button asChild variant="ghost" size="sm" className="w-fit">
        <Link to={`/projects/${projectId}`}>
          <ArrowLeft aria-hidden="true" />
          Back to project
        </Link>
      </Button>
      <PageHeader
        title="Invoices"
        description="What the job bills its client. Drafts can change; an approved invoice is billed and goes to the accounting export."
        actions={
          !creating && (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" />
              New invoice
            </Button>
          )
        }
      />
      {query.isPending && <LoadingBlock />}
      {query.isError && <LoadFailed what="The invoices" error={query.error} />}
      {data && (
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          {[
            ['Contract', data.contractCents],
            ['Billed (approved)', data.billedCents],
            ['Left to bill', data.contractCents - data.billedCents],
          ].map(([label, cents]) => (
            <div key={label} className="rounded-lg border bg-card p-4">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="text-xl font-semibold tabular-nums">
                {centsMoney(Number(cents), data.currency)}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {creating && <NewInvoiceForm projectId={projectId} onDone={() => setCreating(false)} />}
      {data && data.invoices.length === 0 && !creating && (
        <EmptyBlock>
          No invoices yet. Draft the first one with its lines, then an owner or admin approves it.
        </EmptyBlock>
      )}
      {data?.invoices.map((invoice) =>
        editing === invoice.id ? (
          <NewInvoiceForm
            key={invoice.id}
            projectId={projectId}
            invoice={invoice}
            onDone={() => setEditing(null)}
          />
        ) : (
          <InvoiceCard
            key={invoice.id}
            invoice={invoice}
            currency={data.currency}
            manager={manager}
            onEdit={() => setEditing(invoice.id)}
          />
        ),
      )}
    </div>
  );
}
