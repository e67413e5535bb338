/**
 * The link dialog of the Gantt chart: change a dependency's type (FS/SS/FF/SF) and lag in working
 * days (negative is a lead), or delete it. Opened from an arrow (that link) or from a focused bar
 * with Enter (the task's links, one chosen in a list). It reports the successor's new link list; the
 * caller saves it.
 */
import { useId, useState } from 'react';
import { LINK_TYPES } from '@/domain/schedule/link-types';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { type GanttLink, LINK_TYPE_NAMES, type LinkType } from './gantt-geometry';

/** The most working days of lag (either way) the dialog accepts. */
export const MAX_LAG_DAYS = 1000;

export interface LinkDialogTarget {
  successorId: number;
  successorName: string;
  /** The successor's links as they are now. */
  links: readonly GanttLink[];
  /** The link to show first: its position in `links` (a pair of tasks may have several links). */
  linkIndex: number;
}

/** Reads the lag field: a whole number of working days within ±{@link MAX_LAG_DAYS}, or an error. */
export function readLag(text: string): { ok: true; lag: number } | { ok: false; error: string } {
  const trimmed = text.trim();
  if (!/^[-+]?\d+$/.test(trimmed)) return { ok: false, error: 'Lag must be a whole number of working days' };
  const lag = Number(trimmed) + 0;
  if (Math.abs(lag) > MAX_LAG_DAYS)
    return { ok: false, error: `Lag must be between -${MAX_LAG_DAYS} and ${MAX_LAG_DAYS} days` };
  return { ok: true, lag };
}

export function GanttLinkDialog({
  target,
  nameOf,
  onClose,
  onSave,
}: {
  target: LinkDialogTarget | null;
  nameOf: (taskId: number) => string;
  onClose: () => void;
  /** The successor's new links (one changed or removed). */
  onSave: (successorId: number, links: GanttLink[], change: string) => void;
}) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {target && (
        <LinkForm
          key={`${target.successorId}-${target.linkIndex}`}
          target={target}
          nameOf={nameOf}
          onClose={onClose}
          onSave={onSave}
        />
      )}
    </Dialog>
  );
}

function LinkForm({
  target,
  nameOf,
  onClose,
  onSave,
}: {
  target: LinkDialogTarget;
  nameOf: (taskId: number) => string;
  onClose: () => void;
  onSave: (successorId: number, links: GanttLink[], change: string) => void;
}) {
  const id = useId();
  const [index, setIndex] = useState(target.linkIndex);
  const link = target.links[index] ?? target.links[0];
  const [type, setType] = useState<LinkType>(link?.type ?? 'FS');
  const [lag, setLag] = useState(String(link?.lagDays ?? 0));
  const [error, setError] = useState('');
  if (!link) return null;
  const from = nameOf(link.taskId);

  const choose = (value: string) => {
    const next = target.links[Number(value)];
    if (!next) return;
    setIndex(Number(value));
    setType(next.type);
    setLag(String(next.lagDays));
    setError('');
  };

  const save = () => {
    const read = readLag(lag);
    if (!read.ok) {
      setError(read.error);
      return;
    }
    // A changed link no longer says what its reason said (a fabrication lag cut to 5 days): the reason goes.
    const links = target.links.map((l, i) => {
      if (i !== index) return l;
      if (l.type === type && l.lagDays === read.lag) return l;
      const { reason: _, ...rest } = l;
      return { ...rest, type, lagDays: read.lag };
    });
    onSave(
      target.successorId,
      links,
      `Link from ${from} to ${target.successorName} set to ${LINK_TYPE_NAMES[type].toLowerCase()}, lag ${read.lag}`,
    );
  };

  const remove = () =>
    onSave(
      target.successorId,
      target.links.filter((_, i) => i !== index),
      `Link from ${from} to ${target.successorName} deleted`,
    );

  return (
    <DialogContent className="sm:max-w-md" aria-describedby={`${id}-about`}>
      <DialogHeader>
        <DialogTitle>Edit link</DialogTitle>
        <DialogDescription id={`${id}-about`}>
          {from} → {target.successorName}. The successor is re-scheduled when you save.
        </DialogDescription>
      </DialogHeader>
      <form
        className="grid gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        {link.reason && (
          <p className="rounded-md bg-muted px-3 py-2 text-sm" data-link-why="">
            <span className="font-medium">Why: </span>
            {link.reason}
            <span className="mt-1 block text-xs text-muted-foreground">
              Changing the type or the lag drops this explanation.
            </span>
          </p>
        )}
        {target.links.length > 1 && (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-from`}>Predecessor</Label>
            <Select value={String(index)} onValueChange={choose}>
              <SelectTrigger id={`${id}-from`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {target.links.map((l, i) => (
                  <SelectItem key={`${l.taskId}-${l.type}-${l.lagDays}`} value={String(i)}>
                    {nameOf(l.taskId)} ({l.type}
                    {l.lagDays ? ` ${l.lagDays > 0 ? '+' : ''}${l.lagDays}d` : ''})
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        )}
        <div className="grid gap-2">
          <Label htmlFor={`${id}-type`}>Link type</Label>
          <Select value={type} onValueChange={(v) => setType(v as LinkType)}>
            <SelectTrigger id={`${id}-type`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {LINK_TYPES.map((t) => (
                <SelectItem key={t} value={t}>
                  {LINK_TYPE_NAMES[t]} ({t})
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-lag`}>Lag (working days)</Label>
          <Input
            id={`${id}-lag`}
            inputMode="numeric"
            value={lag}
            onChange={(e) => {
              setLag(e.target.value);
              setError('');
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-lag-help${error ? ` ${id}-lag-error` : ''}`}
          />
          <p id={`${id}-lag-help`} className="text-xs text-muted-foreground">
            Negative for a lead: the successor may overlap its predecessor by that many days.
          </p>
          {error && (
            <p id={`${id}-lag-error`} className="text-sm text-destructive" role="alert">
              {error}
            </p>
          )}
        </div>
        <DialogFooter className="gap-2 sm:justify-between">
          <Button type="button" variant="destructive" onClick={remove}>
            Delete link
          </Button>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Save</Button>
          </div>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
