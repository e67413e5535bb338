import { CornerDownRight, ListPlus, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import type { TaskDto } from '@/contracts/tasks';
import {
  addItem,
  deleteItem,
  numberPunchlist,
  type Punchlist,
  parsePunchlist,
  punchlistSummary,
  serializePunchlist,
  toggleItem,
} from '@/domain/tasks';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Input } from '@/web/components/ui/input';
import { Progress } from '@/web/components/ui/progress';
import { toast } from '@/web/components/ui/use-toast';
import { cn } from '@/web/lib/utils';
import { useOptimisticTaskUpdate } from '../api/update-task';

/** A new item gets a temporary id (the list is stored as JSON text on the task). */
const temporaryId = () => `tmp-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

function SubItemForm({
  onAdd,
  onCancel,
  parentLabel,
}: {
  onAdd: (text: string) => void;
  onCancel: () => void;
  parentLabel: string;
}) {
  const [text, setText] = useState('');
  const trimmed = text.trim();
  return (
    <form
      className="ml-8 flex gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (trimmed) onAdd(trimmed);
      }}
    >
      <Input
        aria-label={`Sub-item of item ${parentLabel}`}
        placeholder="Sub-item"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onCancel();
        }}
        autoFocus
        className="h-9"
      />
      <Button type="submit" size="sm" disabled={!trimmed}>
        Add
      </Button>
      <Button variant="ghost" size="sm" onClick={onCancel}>
        Cancel
      </Button>
    </form>
  );
}

/**
 * Task Checklist: items 1, 2, … with sub-items 1a, 1b, …; add, add sub-item, toggle
 * (saved at once), delete (a top-level item takes its sub-items along); "done/total Complete" and
 * the percentage. The rules are the tasks domain's.
 */
export function TaskChecklist({ task }: { task: TaskDto }) {
  const inputId = useId();
  const [text, setText] = useState('');
  const [subFor, setSubFor] = useState<string | null>(null);
  const save = useOptimisticTaskUpdate(task.id);
  const stored = parsePunchlist(task.punchlist);
  const list: Punchlist = stored.ok ? stored.value : [];
  const numbered = numberPunchlist(list);
  const summary = punchlistSummary(list);
  const trimmed = text.trim();

  const commit = (next: Punchlist, success?: string) =>
    save.mutate(
      { body: { punchlist: serializePunchlist(next) }, optimistic: { punchlist: serializePunchlist(next) } },
      {
        onSuccess: () => {
          if (success) toast({ title: success });
        },
        onError: () =>
          toast({ variant: 'destructive', title: 'Error', description: 'Failed to update task.' }),
      },
    );

  const onAdd = (e: FormEvent) => {
    e.preventDefault();
    if (!trimmed) return;
    commit(
      addItem(list, { id: temporaryId(), text: trimmed, createdAt: new Date().toISOString() }),
      'Item added',
    );
    setText('');
  };
  const onAddSub = (parentId: string, subText: string) => {
    commit(
      addItem(list, { id: temporaryId(), text: subText, createdAt: new Date().toISOString(), parentId }),
      'Sub-item added',
    );
    setSubFor(null);
  };

  return (
    <Card className="flex flex-col">
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle as="h2">Task Checklist</CardTitle>
          <p className="text-sm text-muted-foreground">
            <span className="font-medium text-foreground tabular-nums">
              {summary.done}/{summary.total} Complete
            </span>{' '}
            · <span className="tabular-nums">{summary.percent}%</span>
          </p>
        </div>
        <Progress value={summary.percent} aria-label="Checklist completion" />
      </CardHeader>
      <CardContent className="grid gap-4">
        {!stored.ok && (
          <p className="text-sm text-destructive">The saved checklist could not be read ({stored.error}).</p>
        )}
        <form onSubmit={onAdd} className="flex gap-2">
          <label htmlFor={inputId} className="sr-only">
            New checklist item
          </label>
          <Input
            id={inputId}
            placeholder="Add a checklist item..."
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <Button type="submit" disabled={!trimmed}>
            <Plus aria-hidden="true" />
            Add
          </Button>
        </form>
        {numbered.length === 0 ? (
          <p className="text-sm text-muted-foreground">No checklist items yet.</p>
        ) : (
          <ul className="grid max-h-96 gap-1 overflow-y-auto pr-1" aria-label="Checklist">
            {numbered.map(({ item, label }) => {
              const boxId = `${inputId}-${item.id}`;
              return (
                <li key={item.id} className="grid gap-1">
                  <div
                    className={cn(
                      'group flex items-center gap-2 rounded-md px-2 py-1.5 hover:bg-muted',
                      item.level === 1 && 'ml-8',
                    )}
                  >
                    {item.level === 1 && (
                      <CornerDownRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                    )}
                    <Checkbox
                      id={boxId}
                      checked={item.completed}
                      onCheckedChange={() => commit(toggleItem(list, item.id))}
                    />
                    <label
                      htmlFor={boxId}
                      className={cn(
                        'flex min-w-0 flex-1 cursor-pointer gap-2 text-sm break-words',
                        item.completed && 'text-muted-foreground line-through',
                      )}
                    >
                      <span className="shrink-0 font-medium text-muted-foreground tabular-nums">
                        {label}.
                      </span>
                      <span className="min-w-0">{item.text}</span>
                    </label>
                    {item.level === 0 && (
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-8 shrink-0"
                        aria-label={`Add sub-item to item ${label}`}
                        onClick={() => setSubFor(item.id)}
                      >
                        <ListPlus aria-hidden="true" />
                      </Button>
                    )}
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-8 shrink-0 text-muted-foreground hover:text-destructive"
                      aria-label={`Delete item ${label}`}
                      onClick={() => commit(deleteItem(list, item.id), 'Item deleted')}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                  {subFor === item.id && (
                    <SubItemForm
                      parentLabel={label}
                      onAdd={(t) => onAddSub(item.id, t)}
                      onCancel={() => setSubFor(null)}
                    />
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
