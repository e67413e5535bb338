import { Plus, X } from 'lucide-react';
import { type KeyboardEvent, type Ref, useState } from 'react';
import { MAX_SPECIALTIES, MAX_SPECIALTY_LENGTH, splitSpecialties } from '@/contracts/contacts';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';

/**
 * The trades of a contact: typed one at a time and added with Enter or the plus button (several
 * at once when separated by commas), each removable. The list is kept as the server keeps it:
 * trimmed, each trade once.
 */
export function SpecialtiesInput({
  id,
  value,
  onChange,
  onBlur,
  inputRef,
  disabled,
  ...aria
}: {
  id?: string;
  value: string[];
  onChange: (value: string[]) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: boolean;
}) {
  const [draft, setDraft] = useState('');
  const full = value.length >= MAX_SPECIALTIES;
  const add = () => {
    if (!draft.trim()) return;
    onChange(splitSpecialties([...value, draft]).slice(0, MAX_SPECIALTIES));
    setDraft('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the trade; it must not submit the dialog's form.
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };
  return (
    <div className="grid gap-2">
      <div className="flex gap-2">
        <Input
          id={id}
          ref={inputRef}
          value={draft}
          maxLength={MAX_SPECIALTY_LENGTH}
          placeholder={full ? `At most ${MAX_SPECIALTIES} specialties` : 'e.g. Plumbing, then Enter'}
          disabled={disabled || full}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
          {...aria}
        />
        <Button
          variant="outline"
          size="icon"
          aria-label="Add specialty"
          disabled={disabled || full || !draft.trim()}
          onClick={add}
        >
          <Plus aria-hidden="true" />
        </Button>
      </div>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Specialties added">
          {value.map((trade) => (
            <li
              key={trade}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-secondary py-0.5 pr-1 pl-2.5 text-xs font-medium text-secondary-foreground"
            >
              <span className="truncate">{trade}</span>
              <button
                type="button"
                disabled={disabled}
                aria-label={`Remove ${trade}`}
                onClick={() => onChange(value.filter((t) => t !== trade))}
                className="rounded-full p-0.5 text-muted-foreground outline-none hover:bg-secondary-hover hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
              >
                <X className="size-3" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
