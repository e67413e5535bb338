import { useId } from 'react';
import { CONTACT_TYPE_LABELS } from '@/contracts/contacts';
import {
  CONTACT_IMPORT_FIELD_LABELS,
  CONTACT_IMPORT_FIELDS,
  type ContactImportField,
  type ContactImportMapping,
} from '@/contracts/contacts-import';
import { CONTACT_TYPES, type ContactType } from '@/contracts/enums';
import { Label } from '@/web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';

const NOT_IMPORTED = 'none';

function ColumnSelect({
  field,
  columns,
  value,
  onChange,
  disabled,
}: {
  field: ContactImportField;
  columns: readonly string[];
  value: number | null | undefined;
  onChange: (column: number | null) => void;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>{CONTACT_IMPORT_FIELD_LABELS[field]}</Label>
      <Select
        value={value === null || value === undefined ? NOT_IMPORTED : String(value)}
        onValueChange={(v) => onChange(v === NOT_IMPORTED ? null : Number(v))}
        disabled={disabled}
      >
        <SelectTrigger id={id} className="h-9 min-w-0 [&>span]:min-w-0">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={NOT_IMPORTED}>
            <span className="text-muted-foreground">Not imported</span>
          </SelectItem>
          {columns.map((label, i) => (
            // Columns are told apart by position: two may have the same header.
            // biome-ignore lint/suspicious/noArrayIndexKey: the position is the column's identity
            <SelectItem key={i} value={String(i)}>
              {label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/**
 * The mapping step: which column of the file fills each field (guessed by the server from the
 * headers, changed here), and the default type, given to rows whose type cell is empty.
 */
export function ImportMapping({
  columns,
  mapping,
  onChange,
  disabled,
}: {
  columns: readonly string[];
  mapping: ContactImportMapping;
  onChange: (mapping: ContactImportMapping) => void;
  disabled: boolean;
}) {
  const typeId = useId();
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-semibold">Columns of the file</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {CONTACT_IMPORT_FIELDS.map((field) => (
          <ColumnSelect
            key={field}
            field={field}
            columns={columns}
            value={mapping.columns[field]}
            disabled={disabled}
            onChange={(column) => onChange({ ...mapping, columns: { ...mapping.columns, [field]: column } })}
          />
        ))}
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor={typeId}>Default type</Label>
          <Select
            value={mapping.defaultType}
            onValueChange={(v) => onChange({ ...mapping, defaultType: v as ContactType })}
            disabled={disabled}
          >
            <SelectTrigger id={typeId} className="h-9 min-w-0 [&>span]:min-w-0">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {CONTACT_TYPES.map((t) => (
                <SelectItem key={t} value={t}>
                  {CONTACT_TYPE_LABELS[t]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
    </fieldset>
  );
}
