import { HardHat, User } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { TaskDto, UpdateTaskBody } from '@/contracts/tasks';
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectTrigger,
  SelectValue,
} from '@/web/components/ui/select';
import { toast } from '@/web/components/ui/use-toast';
import { serverMessage } from '@/web/lib/api-client';
import { useCompanyMembers } from '../api/get-company-members';
import { useSubcontractors } from '../api/get-subcontractors';
import { useUpdateTask } from '../api/update-task';

const UNASSIGNED = 'none';
/** A name left on the task by a member or contact deleted since: shown, not offered again. */
const FORMER = 'former';

/** The picker's value for the task's assignee. */
function pickedValue(task: TaskDto): string {
  if (task.assignedTo) return `member:${task.assignedTo}`;
  if (task.assignedContactId) return `contact:${task.assignedContactId}`;
  return task.assigneeName ? FORMER : UNASSIGNED;
}

/** What saving a picked value sends: one assignee, the other cleared. */
function bodyOf(value: string): UpdateTaskBody {
  if (value.startsWith('member:')) return { assignedTo: value.slice(7), assignedContactId: null };
  if (value.startsWith('contact:')) return { assignedTo: null, assignedContactId: Number(value.slice(8)) };
  return { assignedTo: null, assignedContactId: null };
}

/**
 * Who does the task: a member of the company or one of its subcontractors, picked from both lists
 * and saved at once.
 */
export function TaskAssignee({ task }: { task: TaskDto }) {
  const labelId = useId();
  const members = useCompanyMembers();
  const subcontractors = useSubcontractors();
  const update = useUpdateTask();
  const value = pickedValue(task);
  const memberList = members.data ?? [];
  const subList = subcontractors.data ?? [];
  // The current assignee may be missing from the lists (still loading, or no longer listed).
  const listed =
    value === UNASSIGNED ||
    memberList.some((m) => `member:${m.id}` === value) ||
    subList.some((c) => `contact:${c.id}` === value);

  const onChange = (next: string) => {
    if (next === value || next === FORMER) return;
    update.mutate(
      { id: task.id, body: bodyOf(next) },
      {
        onSuccess: () => toast({ title: 'Task updated successfully' }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: serverMessage(error) ?? 'Failed to update task.',
          }),
      },
    );
  };

  return (
    <div className="grid gap-1.5">
      <span id={labelId} className="text-sm font-medium text-muted-foreground">
        Assignee
      </span>
      <Select value={value} onValueChange={onChange} disabled={update.isPending}>
        <SelectTrigger aria-labelledby={labelId} className="sm:max-w-sm">
          <SelectValue placeholder="Unassigned" />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={UNASSIGNED}>Unassigned</SelectItem>
          {!listed && (
            <SelectItem value={value} disabled>
              {task.assigneeName ?? 'Unknown'}
              {value === FORMER ? ' (no longer listed)' : ''}
            </SelectItem>
          )}
          <SelectGroup>
            <SelectLabel className="flex items-center gap-1.5">
              <User className="size-3.5" aria-hidden="true" />
              Team members
            </SelectLabel>
            {memberList.map((m) => (
              <SelectItem key={m.id} value={`member:${m.id}`}>
                {m.name}
              </SelectItem>
            ))}
          </SelectGroup>
          <SelectGroup>
            <SelectLabel className="flex items-center gap-1.5">
              <HardHat className="size-3.5" aria-hidden="true" />
              Subcontractors
            </SelectLabel>
            {subList.length === 0 && !subcontractors.isPending && (
              <SelectItem value="no-subcontractors" disabled>
                No subcontractors in Contacts yet
              </SelectItem>
            )}
            {subList.map((c) => (
              <SelectItem key={c.id} value={`contact:${c.id}`}>
                {c.company && c.company !== c.name ? `${c.name} · ${c.company}` : c.name}
              </SelectItem>
            ))}
          </SelectGroup>
        </SelectContent>
      </Select>
      {subList.length === 0 && !subcontractors.isPending && (
        <p className="text-xs text-muted-foreground">
          Subcontractors come from{' '}
          <Link to="/contacts" className="font-medium text-primary underline-offset-4 hover:underline">
            Contacts
          </Link>
          .
        </p>
      )}
    </div>
  );
}
