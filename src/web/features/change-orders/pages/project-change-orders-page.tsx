import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import type { ChangeOrderListDto, ChangeOrderSummaryDto } from '@/contracts/change-orders';
import { PageHeader } from '@/web/components/page-header';
import { EmptyBlock, LoadFailed, LoadingBlock } from '@/web/components/query-states';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { useChangeOrders } from '../api/get-change-orders';
import { useProject } from '../api/get-choices';
import { NewChangeOrderDialog } from '../components/new-change-order-dialog';
import { DaysMoved, StatusBadge } from '../components/status-badge';
import { money } from '../lib/change-order-view';

function Figures({ list }: { list: ChangeOrderListDto }) {
  const pending = list.changeOrders
    .filter((co) => co.status === 'sent')
    .reduce((sum, co) => sum + co.totalCents, 0);
  const count = (status: ChangeOrderSummaryDto['status']) =>
    list.changeOrders.filter((co) => co.status === status).length;
  return (
    <section aria-label="Change order figures" className="grid grid-cols-2 gap-3 lg:grid-cols-3">
      <Card className="p-4">
        <p className="text-sm font-medium text-muted-foreground">Approved</p>
        <p className="mt-1 text-lg font-bold tabular-nums sm:text-2xl">
          {money(list.approvedTotalCents, list.currency)}
        </p>
        <p className="text-xs text-muted-foreground">{count('approved')} approved</p>
      </Card>
      <Card className="p-4">
        <p className="text-sm font-medium text-muted-foreground">Awaiting signature</p>
        <p className="mt-1 text-lg font-bold tabular-nums sm:text-2xl">{money(pending, list.currency)}</p>
        <p className="text-xs text-muted-foreground">{count('sent')} sent</p>
      </Card>
      <Card className="col-span-2 p-4 lg:col-span-1">
        <p className="text-sm font-medium text-muted-foreground">Drafts</p>
        <p className="mt-1 text-lg font-bold tabular-nums sm:text-2xl">{count('draft')}</p>
        <p className="text-xs text-muted-foreground">not yet sent to the client</p>
      </Card>
    </section>
  );
}

/** One change order as a row of the list: a link to it, its status, amount and finish movement. */
function Row({
  co,
  currency,
  projectId,
}: {
  co: ChangeOrderSummaryDto;
  currency: string;
  projectId: number;
}) {
  return (
    <li>
      <Link
        to={`/projects/${projectId}/change-orders/${co.id}`}
        className="grid gap-1 px-4 py-3 hover:bg-muted/50 focus-visible:outline-2 focus-visible:outline-ring sm:grid-cols-[6rem_minmax(0,1fr)_10rem_9rem_7rem] sm:items-center sm:gap-3"
      >
        <span className="font-mono text-sm text-muted-foreground">{co.number}</span>
        <span className="min-w-0 text-sm font-medium break-words">{co.title}</span>
        {/* On a phone the status, the amount and the finish share one line under the title. */}
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1 sm:contents">
          <span>
            <StatusBadge status={co.status} />
          </span>
          <span className="text-sm font-medium tabular-nums sm:text-right">
            {money(co.totalCents, currency)}
          </span>
          <span className="ml-auto text-sm tabular-nums sm:ml-0 sm:text-right">
            <DaysMoved delta={co.workingDaysDelta} />
          </span>
        </span>
      </Link>
    </li>
  );
}

/**
 * /projects/:projectId/change-orders: the project's change orders (number, title, status, amount
 * and how far each moves the finish), the approved and pending totals, and a new draft.
 */
export function ProjectChangeOrdersPage() {
  const projectId = Number(useParams().projectId);
  const project = useProject(projectId);
  const query = useChangeOrders(projectId);
  const data = query.data;
  const title = project.data ? `${project.data.name} — Change orders` : 'Change orders';
  return (
    <div className="grid gap-5">
      <Button asChild variant="ghost" size="sm" className="w-fit">
        <Link to={`/projects/${projectId}`}>
          <ArrowLeft aria-hidden="true" />
          Back to project
        </Link>
      </Button>
      <PageHeader
        title={title}
        description="Changes to the work the client approves in writing: the price, and the new finish date the schedule gives."
        actions={<NewChangeOrderDialog projectId={projectId} />}
      />
      {query.isPending && <LoadingBlock />}
      {query.isError && <LoadFailed what="The change orders" error={query.error} />}
      {data && data.changeOrders.length === 0 && (
        <EmptyBlock>
          No change orders yet. Draft one when the client asks for more, a condition on site differs, or the
          design changes.
        </EmptyBlock>
      )}
      {data && data.changeOrders.length > 0 && (
        <>
          <Figures list={data} />
          <section
            aria-labelledby="change-order-list"
            className="rounded-lg border border-border bg-card shadow-sm"
          >
            <h2 id="change-order-list" className="border-b border-border px-4 py-3 text-base font-semibold">
              Change orders
            </h2>
            <div
              aria-hidden="true"
              className="hidden border-b border-border bg-muted/50 px-4 py-2 text-xs font-semibold text-muted-foreground uppercase sm:grid sm:grid-cols-[6rem_minmax(0,1fr)_10rem_9rem_7rem] sm:gap-3"
            >
              <span>Number</span>
              <span>Title</span>
              <span>Status</span>
              <span className="text-right">Amount</span>
              <span className="text-right">Finish</span>
            </div>
            <ul className="divide-y divide-border">
              {data.changeOrders.map((co) => (
                <Row key={co.id} co={co} currency={data.currency} projectId={projectId} />
              ))}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}
