import { zodResolver } from '@hookform/resolvers/zod';
import { Paperclip, X } from 'lucide-react';
import { type ChangeEvent, useId, useRef } from 'react';
import { type FieldErrors, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import { DOCUMENT_ACCEPT } from '@/contracts/documents';
import { PROJECT_TYPES } from '@/contracts/enums';
import {
  type CreateProjectBody,
  createProjectBody,
  type ProjectDto,
  type UpdateProjectBody,
  updateProjectBody,
} from '@/contracts/projects';
import { newProjectDates } from '@/domain/schedule/new-project-dates';
import { Button } from '@/web/components/ui/button';
import {
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  InputField,
} from '@/web/components/ui/form';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Textarea } from '@/web/components/ui/textarea';
import { toast } from '@/web/components/ui/use-toast';
import { localToday } from '@/web/lib/local-today';
import { useClientContacts } from '../api/get-client-contacts';
import { formatFileSize, toDateInput } from '../lib/dates';
import { EDITABLE_PROJECT_STATUSES, PROJECT_STATUS_LABELS } from '../lib/status';
import { BudgetFields } from './budget-fields';
import { ClientField, SaveClientContact } from './client-field';
import { LocationFields } from './location-fields';
import { PastStartNotice, ShiftScheduleField } from './project-date-notices';
import type { ProjectFormValues } from './project-form-values';

export type { ProjectFormValues };

/**
 * A new project is Residential, starting on the next working day and running seven months (the
 * span of the product's original example dates, which now lie in the past).
 */
export function newProjectDefaults(today = localToday()): ProjectFormValues {
  return {
    name: '',
    client: '',
    description: '',
    type: 'Residential',
    status: 'active',
    budget: '',
    currency: 'USD',
    progress: 0,
    ...newProjectDates(today),
    deadline: '',
    siteAddress: '',
    location: null,
    newClientContact: undefined,
  };
}

export function projectFormValues(project: ProjectDto): ProjectFormValues {
  return {
    name: project.name,
    client: project.client,
    description: project.description ?? '',
    type: project.type,
    status: project.status,
    budget: project.budget.replace(/\.00$/, ''),
    currency: project.currency,
    progress: project.progress,
    startDate: toDateInput(project.startDate),
    endDate: toDateInput(project.endDate),
    deadline: project.deadline ?? '',
    siteAddress: project.siteAddress ?? '',
    location: project.location,
    shiftSchedule: true,
  };
}

/*
 * The contract schemas validate the form. Their input types are looser than the fields (progress is
 * coerced, budget may be a number), so the resolvers are typed for the fields the form actually has.
 */
const createResolver = zodResolver(createProjectBody) as unknown as Resolver<
  ProjectFormValues,
  unknown,
  CreateProjectBody
>;
const updateResolver = zodResolver(updateProjectBody) as unknown as Resolver<
  ProjectFormValues,
  unknown,
  UpdateProjectBody
>;

export function useCreateProjectForm() {
  return useForm<ProjectFormValues, unknown, CreateProjectBody>({
    resolver: createResolver,
    defaultValues: newProjectDefaults(),
  });
}

/**
 * The Edit form. While `scheduled()` says the project has scheduled tasks, its end date is their
 * finish (the server keeps it so): the end date shown is neither checked nor sent.
 */
export function useEditProjectForm(project: ProjectDto, scheduled: () => boolean = () => false) {
  return useForm<ProjectFormValues, unknown, UpdateProjectBody>({
    resolver: (values, context, options) =>
      updateResolver(
        scheduled() ? { ...values, endDate: undefined as unknown as string } : values,
        context,
        options,
      ),
    defaultValues: projectFormValues(project),
  });
}

const FIELD_ORDER: (keyof ProjectFormValues)[] = [
  'name',
  'client',
  'newClientContact',
  'description',
  'type',
  'status',
  'budget',
  'currency',
  'progress',
  'startDate',
  'endDate',
  'deadline',
  'siteAddress',
  'location',
];

/** The form's messages are also given as a "Validation Error" notice. */
export function notifyValidationError(errors: FieldErrors<ProjectFormValues>) {
  const first = FIELD_ORDER.map((k) =>
    k === 'newClientContact'
      ? errors.newClientContact?.email?.message
      : k === 'location'
        ? (errors.location?.state?.message ?? errors.location?.message)
        : errors[k]?.message,
  ).find(Boolean);
  toast({
    variant: 'destructive',
    title: 'Validation Error',
    description: String(first ?? 'Check the form'),
  });
}

/** The progress input is a number 0–100; anything not a number becomes 0. */
function progressFromInput(text: string): number {
  const n = Number.parseInt(text, 10);
  return Number.isNaN(n) ? 0 : n;
}

type AnyProjectForm =
  | UseFormReturn<ProjectFormValues, unknown, CreateProjectBody>
  | UseFormReturn<ProjectFormValues, unknown, UpdateProjectBody>;

/**
 * The fields of the project form. The New Project dialog shows name, client, budget and its currency,
 * type, dates and description; the Edit dialog adds status and progress. The client is typed or
 * picked among the company's client contacts; a new one can be saved as a contact on create.
 */
export function ProjectFormFields({
  form,
  mode,
  savedStart,
  scheduled = false,
  budgetFromEstimate = false,
  typeFromEstimate = false,
  onTypeChosen,
}: {
  /** Create: the type shown was read from the attached estimate (the user may still change it). */
  typeFromEstimate?: boolean;
  /** Create: the user picked a type, which an estimate attached later must not replace. */
  onTypeChosen?: () => void;
  /** Create: an estimate is attached, so the budget may stay blank (the estimate's total fills it). */
  budgetFromEstimate?: boolean;
  form: AnyProjectForm;
  mode: 'create' | 'edit';
  /** Edit: the project has scheduled tasks, so its end date is their finish (not typed). */
  scheduled?: boolean;
  /** Edit: the project's saved start `YYYY-MM-DD` (a change offers to move the schedule). */
  savedStart?: string;
}) {
  const control = (form as UseFormReturn<ProjectFormValues>).control;
  const clients = useClientContacts().data ?? [];
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField
        control={control}
        name="name"
        render={({ field }) => (
          <FormItem className="sm:col-span-2">
            <FormLabel>Project Name</FormLabel>
            <FormControl>
              <Input placeholder="e.g. Maple Street Renovation" {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <ClientField control={control} clients={clients} />
      <BudgetFields control={control} fromEstimate={budgetFromEstimate} />
      {mode === 'create' && <SaveClientContact control={control} clients={clients} />}
      <FormField
        control={control}
        name="type"
        render={({ field }) => (
          <FormItem className={mode === 'create' ? 'sm:col-span-2' : undefined}>
            <FormLabel>
              Project Type
              {typeFromEstimate && (
                <span className="font-normal text-muted-foreground" data-type-from-estimate>
                  {' '}
                  (from the estimate)
                </span>
              )}
            </FormLabel>
            <Select
              value={field.value}
              onValueChange={(value) => {
                field.onChange(value);
                onTypeChosen?.();
              }}
              name={field.name}
            >
              <FormControl>
                <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
                  <SelectValue placeholder="Select a type" />
                </SelectTrigger>
              </FormControl>
              <SelectContent>
                {PROJECT_TYPES.map((t) => (
                  <SelectItem key={t} value={t}>
                    {t}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <FormMessage />
          </FormItem>
        )}
      />
      {mode === 'edit' && (
        <FormField
          control={control}
          name="status"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Status</FormLabel>
              <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                <FormControl>
                  <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
                    {/* A duplicated project is "planning", which the list does not offer. */}
                    <SelectValue placeholder={PROJECT_STATUS_LABELS[field.value]} />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  {EDITABLE_PROJECT_STATUSES.map((s) => (
                    <SelectItem key={s} value={s}>
                      {s === 'active' ? 'Active' : PROJECT_STATUS_LABELS[s]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FormMessage />
            </FormItem>
          )}
        />
      )}
      <div className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
        <InputField control={control} name="startDate" label="Start Date" type="date" />
        <InputField
          control={control}
          name="endDate"
          label="End Date"
          type="date"
          disabled={mode === 'edit' && scheduled}
        />
        <InputField control={control} name="deadline" label="Deadline (optional)" type="date" />
        <p className="-mt-2 text-xs text-muted-foreground sm:col-span-3">
          {mode === 'edit' && scheduled
            ? 'The end date is the scheduled finish and follows the tasks.'
            : 'Once tasks are scheduled, the end date follows their finish.'}{' '}
          The deadline is the contract's completion date, kept as typed: you are warned when the schedule
          finishes after it.
        </p>
      </div>
      <LocationFields control={control} />
      {mode === 'create' && <PastStartNotice control={control} />}
      {mode === 'edit' && savedStart && <ShiftScheduleField control={control} savedStart={savedStart} />}
      {mode === 'edit' && (
        <FormField
          control={control}
          name="progress"
          render={({ field }) => (
            <FormItem className="sm:col-span-2">
              <FormLabel>Progress (%)</FormLabel>
              <FormControl>
                <Input
                  className="sm:max-w-40"
                  type="number"
                  min={0}
                  max={100}
                  step={1}
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  value={String(field.value)}
                  onChange={(e) => field.onChange(progressFromInput(e.target.value))}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
      )}
      <FormField
        control={control}
        name="description"
        render={({ field }) => (
          <FormItem className="sm:col-span-2">
            <FormLabel>Description</FormLabel>
            <FormControl>
              <Textarea rows={3} placeholder="Scope, site notes, anything the team should know" {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
    </div>
  );
}

/**
 * The New Project dialog's optional attachments: several files of the allowed types.
 * Readable estimates among them are planned after the project is created (see use-plan-generation).
 */
export function AttachmentsField({
  files,
  onChange,
  disabled,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
}) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const add = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(e.target.files ?? []);
    onChange([...files, ...picked]);
    e.target.value = '';
  };
  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>Attachments (optional)</Label>
      <p className="text-sm text-muted-foreground">
        Estimates, drawings or photos: PDF, DOC, DOCX, XLS, XLSX, CSV, JPG, PNG, DWG, TXT. Every file is kept
        with the project, and estimates are read to build its schedule.
      </p>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        multiple
        accept={DOCUMENT_ACCEPT}
        onChange={add}
        disabled={disabled}
        className="block w-full text-sm text-muted-foreground file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-2 file:text-sm file:font-medium file:text-foreground hover:file:bg-secondary"
      />
      {files.length > 0 && (
        <ul className="grid grid-cols-1 gap-1.5" aria-label="Files to attach">
          {files.map((file, i) => (
            <li
              key={`${file.name}-${file.size}-${file.lastModified}`}
              className="flex min-w-0 items-center justify-between gap-2 rounded-md border border-border bg-muted px-3 py-1.5 text-sm"
            >
              <span className="flex min-w-0 items-center gap-2">
                <Paperclip className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="truncate">{file.name}</span>
                <span className="shrink-0 text-muted-foreground">{formatFileSize(file.size)}</span>
              </span>
              <Button
                variant="ghost"
                size="icon"
                className="size-7"
                aria-label={`Remove ${file.name}`}
                disabled={disabled}
                onClick={() => onChange(files.filter((_, k) => k !== i))}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
