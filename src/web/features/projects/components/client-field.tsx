import { Check } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { type Control, useController, useFormContext, useWatch } from 'react-hook-form';
import type { ContactDto } from '@/contracts/contacts';
import { Checkbox } from '@/web/components/ui/checkbox';
import {
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  useFormField,
} from '@/web/components/ui/form';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { cn } from '@/web/lib/utils';
import type { ProjectFormValues } from './project-form-values';

/** Suggestions shown at most. */
const MAX_SUGGESTIONS = 8;

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The client contacts whose name, company or email contain the typed text (all of them when empty). */
export function suggestClients(clients: readonly ContactDto[], text: string): ContactDto[] {
  const q = text.trim().toLowerCase();
  return clients
    .filter((c) => !q || [c.name, c.company ?? '', c.email].some((s) => s.toLowerCase().includes(q)))
    .slice(0, MAX_SUGGESTIONS);
}

/** Whether the typed client is one of the client contacts (by name, ignoring case). */
export const isKnownClient = (clients: readonly ContactDto[], text: string) =>
  clients.some((c) => same(c.name, text));

function ClientCombobox({
  clients,
  value,
  onChange,
  onBlur,
  inputRef,
}: {
  clients: readonly ContactDto[];
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  inputRef: (element: HTMLInputElement | null) => void;
}) {
  const { formItemId, formMessageId, error } = useFormField();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = suggestClients(clients, value);
  const shown = open && suggestions.length > 0;

  const choose = (contact: ContactDto) => {
    onChange(contact.name);
    setOpen(false);
    setActive(-1);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!shown) {
        setOpen(true);
        return;
      }
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + suggestions.length) % suggestions.length);
    } else if (e.key === 'Enter' && shown && active >= 0) {
      // Enter picks the highlighted client instead of submitting the form.
      e.preventDefault();
      const picked = suggestions[active];
      if (picked) choose(picked);
    } else if (e.key === 'Escape' && shown) {
      // Closes the list, not the dialog around it.
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className="relative">
      <Input
        id={formItemId}
        ref={inputRef}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        aria-describedby={error ? formMessageId : undefined}
        aria-invalid={Boolean(error)}
        autoComplete="off"
        placeholder={clients.length > 0 ? 'Type or pick a client' : 'Client name'}
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          onBlur();
        }}
        onKeyDown={onKeyDown}
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Client contacts"
        hidden={!shown}
        className="absolute top-full right-0 left-0 z-50 mt-1 max-h-64 overflow-y-auto rounded-lg border border-border bg-popover p-1 text-popover-foreground shadow-lg"
      >
        {suggestions.map((c, i) => (
          <div
            key={c.id}
            id={`${listId}-${i}`}
            role="option"
            tabIndex={-1}
            aria-selected={i === active}
            // Chosen on mouse down, before the input's blur closes the list.
            onMouseDown={(e) => {
              e.preventDefault();
              choose(c);
            }}
            onMouseEnter={() => setActive(i)}
            className={cn(
              'flex cursor-default items-center justify-between gap-2 rounded-md px-2.5 py-2 text-sm',
              i === active && 'bg-secondary',
            )}
          >
            <span className="min-w-0">
              <span className="block truncate font-medium">{c.name}</span>
              <span className="block truncate text-xs text-muted-foreground">{c.company ?? c.email}</span>
            </span>
            {same(c.name, value) && <Check className="size-4 shrink-0 text-primary" aria-hidden="true" />}
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * The project's Client: free text, with the company's client contacts offered as it is typed. A
 * name typed that matches none can be saved as a new client contact with the project (create only).
 */
export function ClientField({
  control,
  clients,
}: {
  control: Control<ProjectFormValues>;
  clients: readonly ContactDto[];
}) {
  const form = useFormContext<ProjectFormValues>();
  return (
    <FormField
      control={control}
      name="client"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Client</FormLabel>
          <ClientCombobox
            clients={clients}
            value={field.value}
            onBlur={field.onBlur}
            inputRef={field.ref}
            onChange={(next) => {
              field.onChange(next);
              // A client that is already a contact is not saved again.
              if (isKnownClient(clients, next) || !next.trim()) form.setValue('newClientContact', undefined);
            }}
          />
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/**
 * "Save as a new client contact": offered while the typed client matches no client contact; the
 * contact needs an email, asked for when the box is ticked.
 */
export function SaveClientContact({
  control,
  clients,
}: {
  control: Control<ProjectFormValues>;
  clients: readonly ContactDto[];
}) {
  const client = useWatch({ control, name: 'client' });
  const { field } = useController({ control, name: 'newClientContact' });
  const checkboxId = useId();
  if (!client.trim() || isKnownClient(clients, client)) return null;
  const checked = field.value !== undefined;
  return (
    <div className="grid gap-3 rounded-lg border border-dashed border-border bg-muted/50 p-3 sm:col-span-2">
      <div className="flex items-center gap-2.5">
        <Checkbox
          id={checkboxId}
          checked={checked}
          onCheckedChange={(next) => field.onChange(next === true ? { email: '' } : undefined)}
        />
        <Label htmlFor={checkboxId} className="leading-snug font-normal">
          {`Save “${client.trim()}” as a new client contact`}
        </Label>
      </div>
      {checked && (
        <FormField
          control={control}
          name="newClientContact.email"
          render={({ field: email }) => (
            <FormItem>
              <FormLabel>Client email</FormLabel>
              <FormControl>
                <Input type="email" autoComplete="off" placeholder="client@example.com" {...email} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
      )}
    </div>
  );
}
