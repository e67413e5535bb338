import { Inbox, Send } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { FEEDBACK_STATUSES } from '@/contracts/enums';
import type { FeedbackDto } from '@/contracts/feedback';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Label } from '@/web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Textarea } from '@/web/components/ui/textarea';
import { toast } from '@/web/components/ui/use-toast';
import { formatDate } from '@/web/lib/format';
import { cn } from '@/web/lib/utils';
import { useUpdateFeedback } from '../api/update-feedback';

type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

export const STATUS_LABELS: Record<FeedbackStatus, string> = {
  open: 'Open',
  in_progress: 'In Progress',
  resolved: 'Resolved',
  closed: 'Closed',
};

const statusVariant = (s: FeedbackStatus) =>
  s === 'open' ? 'warning' : s === 'in_progress' ? 'info' : s === 'resolved' ? 'success' : 'muted';

const CATEGORY_LABELS: Record<string, string> = {
  bug: 'Bug',
  feature_request: 'Feature Request',
  improvement: 'Improvement',
  general: 'General',
};

/** The reply panel of one feedback: its message, the status select and the reply box. */
function FeedbackDetail({ item }: { item: FeedbackDto }) {
  const id = useId();
  const [status, setStatus] = useState<FeedbackStatus>(item.status);
  const [reply, setReply] = useState('');
  const update = useUpdateFeedback();
  useEffect(() => {
    setStatus(item.status);
    setReply('');
  }, [item.status]);
  const trimmed = reply.trim();
  const changed = status !== item.status || trimmed !== '';

  const save = () =>
    update.mutate(
      { id: item.id, status, ...(trimmed ? { adminResponse: trimmed } : {}) },
      {
        onSuccess: () => {
          setReply('');
          toast({ title: 'Feedback updated', description: trimmed ? 'The reply was emailed.' : undefined });
        },
        onError: () =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: 'Failed to update feedback. Please try again.',
          }),
      },
    );

  return (
    <Card>
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={statusVariant(item.status)}>{STATUS_LABELS[item.status]}</Badge>
          <Badge variant="outline">{CATEGORY_LABELS[item.category] ?? item.category}</Badge>
        </div>
        <CardTitle as="h3" className="break-words">
          {item.subject}
        </CardTitle>
        <p className="text-sm text-muted-foreground break-all">
          {item.userName ?? 'Anonymous'} · {item.userEmail} · {formatDate(item.createdAt)}
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="rounded-lg bg-muted p-3 text-sm break-words whitespace-pre-line">{item.message}</p>
        {item.adminResponse ? (
          <div className="grid gap-1">
            <p className="text-sm font-medium">Response</p>
            <p className="rounded-lg border border-border p-3 text-sm break-words whitespace-pre-line">
              {item.adminResponse}
            </p>
            {item.respondedAt ? (
              <p className="text-xs text-muted-foreground">Responded {formatDate(item.respondedAt)}</p>
            ) : null}
          </div>
        ) : null}
        <div className="grid gap-2">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <Select value={status} onValueChange={(v) => setStatus(v as FeedbackStatus)}>
            <SelectTrigger id={`${id}-status`} className="w-full sm:w-56">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {FEEDBACK_STATUSES.map((s) => (
                <SelectItem key={s} value={s}>
                  {STATUS_LABELS[s]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-reply`}>Reply</Label>
          <Textarea
            id={`${id}-reply`}
            rows={4}
            placeholder="Write a reply; it is emailed to the sender."
            value={reply}
            onChange={(e) => setReply(e.target.value)}
          />
        </div>
        <Button className="justify-self-end" onClick={save} disabled={!changed || update.isPending}>
          <Send aria-hidden="true" />
          {update.isPending ? 'Saving...' : trimmed ? 'Send Reply' : 'Update Status'}
        </Button>
      </CardContent>
    </Card>
  );
}

/** User Feedback: the list (newest first) beside the selected feedback's detail and reply panel. */
export function FeedbackTab({ items }: { items: FeedbackDto[] }) {
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = items.find((f) => f.id === selectedId) ?? items[0];

  if (items.length === 0) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-2 p-10 text-center text-muted-foreground">
          <Inbox className="size-8" aria-hidden="true" />
          <p>No feedback yet.</p>
        </CardContent>
      </Card>
    );
  }

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <ul aria-label="Feedback" className="grid max-h-[32rem] content-start gap-2 overflow-y-auto pr-1">
        {items.map((f) => (
          <li key={f.id}>
            <button
              type="button"
              aria-current={f.id === selected?.id ? 'true' : undefined}
              onClick={() => setSelectedId(f.id)}
              className={cn(
                'grid w-full gap-1 rounded-lg border p-3 text-left transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                f.id === selected?.id
                  ? 'border-primary bg-accent'
                  : 'border-border bg-card hover:bg-secondary',
              )}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="truncate font-medium">{f.subject}</span>
                <Badge variant={statusVariant(f.status)}>{STATUS_LABELS[f.status]}</Badge>
              </span>
              <span className="truncate text-xs text-muted-foreground">
                {f.userName ?? 'Anonymous'} · {formatDate(f.createdAt)}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {selected ? <FeedbackDetail key={selected.id} item={selected} /> : null}
    </div>
  );
}
