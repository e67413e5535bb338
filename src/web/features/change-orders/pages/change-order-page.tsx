import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import type { ChangeOrderDto } from '@/contracts/change-orders';
import { PageHeader } from '@/web/components/page-header';
import { LoadFailed, LoadingBlock } from '@/web/components/query-states';
import { Button } from '@/web/components/ui/button';
import { useChangeOrder } from '../api/get-change-order';
import { useTaskChoices } from '../api/get-choices';
import { AuditTrail } from '../components/audit-trail';
import { ChangeOrderActions } from '../components/change-order-actions';
import { ChangeOrderEditor } from '../components/change-order-editor';
import { AboutSummary, LinesSummary, TaskChangesSummary } from '../components/change-order-summary';
import { ImpactPanel } from '../components/impact-panel';
import { StatusBadge } from '../components/status-badge';
import { money } from '../lib/change-order-view';

/** A change order past its draft: what it changes, priced, with the impact as it was computed. */
function Settled({ co }: { co: ChangeOrderDto }) {
  const tasks = useTaskChoices(co.projectId);
  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <div className="grid gap-5">
        <AboutSummary co={co} />
        <LinesSummary co={co} />
        <TaskChangesSummary co={co} tasks={tasks.data ?? []} />
      </div>
      <div className="lg:sticky lg:top-4">
        <ImpactPanel impact={co.impact} pending={false} error={null} live={false} />
      </div>
    </div>
  );
}

function sentLine(co: ChangeOrderDto): string | null {
  if (co.status === 'approved')
    return `Approved${co.approvalMethod === 'paper' ? ' on paper' : ' by signature'}${co.approvedByName ? ` (${co.approvedByName})` : ''}.`;
  if (co.status === 'sent') return `Sent to ${co.sentTo ?? 'the client'} for signature.`;
  return null;
}

/**
 * /projects/:projectId/change-orders/:changeOrderId: a draft in its editor with the live schedule
 * impact, or a sent, approved, declined or void one as it stands; its actions and audit trail.
 */
export function ChangeOrderPage({ manager }: { manager: boolean }) {
  const params = useParams();
  const projectId = Number(params.projectId);
  const coId = Number(params.changeOrderId);
  const query = useChangeOrder(coId);
  const co = query.data;
  const title = co ? `${co.number} ${co.title}` : 'Change order';
  return (
    <div className="grid gap-5">
      <Button asChild variant="ghost" size="sm" className="w-fit">
        <Link to={`/projects/${projectId}/change-orders`}>
          <ArrowLeft aria-hidden="true" />
          Back to change orders
        </Link>
      </Button>
      <PageHeader
        title={title}
        description={
          co ? (
            <span className="flex flex-wrap items-center gap-2">
              <StatusBadge status={co.status} />
              <span className="tabular-nums">{money(co.totalCents, co.currency)}</span>
              {sentLine(co) && <span>{sentLine(co)}</span>}
            </span>
          ) : undefined
        }
        actions={co ? <ChangeOrderActions co={co} manager={manager} /> : undefined}
      />
      {query.isPending && <LoadingBlock />}
      {query.isError && <LoadFailed what="The change order" error={query.error} />}
      {co && co.status === 'draft' && <ChangeOrderEditor key={`${co.id}-${co.updatedAt}`} co={co} />}
      {co && co.status !== 'draft' && <Settled co={co} />}
      {co && <AuditTrail co={co} />}
    </div>
  );
}
