import { zodResolver } from '@hookform/resolvers/zod';
import { TriangleAlert } from 'lucide-react';
import { type Resolver, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import {
  CONTACT_TYPE_FIELDS,
  CONTACT_TYPE_LABELS,
  type ContactDto,
  type CreateContactBody,
  createContactBody,
  type UpdateContactBody,
  updateContactBody,
} from '@/contracts/contacts';
import { CONTACT_TYPES, type ContactType } from '@/contracts/enums';
import { Checkbox } from '@/web/components/ui/checkbox';
import {
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  InputField,
} from '@/web/components/ui/form';
import { Input } from '@/web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Textarea } from '@/web/components/ui/textarea';
import { findDuplicate } from '../lib/filter-contacts';
import { StarRatingInput } from './rating-stars';
import { SpecialtiesInput } from './specialties-input';

/**
 * What the contact form's fields hold; the contract schemas parse it into the request body. The
 * create form's rating is the text of a number input (1–5 in tenths); the edit form's is whole
 * stars, null for none, or undefined while a rating in tenths is kept as it was.
 */
export interface ContactFormValues {
  name: string;
  company: string;
  email: string;
  phone: string;
  type: ContactType;
  rating: string | number | null | undefined;
  licensed: boolean;
  specialties: string[];
  notes: string;
}

export const NEW_CONTACT_DEFAULTS: ContactFormValues = {
  name: '',
  company: '',
  email: '',
  phone: '',
  type: 'client',
  rating: '',
  licensed: false,
  specialties: [],
  notes: '',
};

export function contactFormValues(contact: ContactDto): ContactFormValues {
  const { rating } = contact;
  return {
    name: contact.name,
    company: contact.company ?? '',
    email: contact.email,
    phone: contact.phone ?? '',
    type: contact.type,
    // A rating in tenths (given when the contact was created) stays as it is unless a star is chosen.
    rating: rating === null || Number.isInteger(rating) ? rating : undefined,
    licensed: contact.licensed,
    specialties: contact.specialties,
    notes: contact.notes ?? '',
  };
}

/*
 * The contract schemas validate the form. Their input types are looser than the fields (the rating
 * may be a number or text), so the resolvers are typed for the fields the form actually has.
 */
const createResolver = zodResolver(createContactBody) as unknown as Resolver<
  ContactFormValues,
  unknown,
  CreateContactBody
>;
const updateResolver = zodResolver(updateContactBody) as unknown as Resolver<
  ContactFormValues,
  unknown,
  UpdateContactBody
>;

export function useCreateContactForm() {
  return useForm<ContactFormValues, unknown, CreateContactBody>({
    resolver: createResolver,
    defaultValues: NEW_CONTACT_DEFAULTS,
  });
}

export function useEditContactForm(contact: ContactDto) {
  return useForm<ContactFormValues, unknown, UpdateContactBody>({
    resolver: updateResolver,
    defaultValues: contactFormValues(contact),
  });
}

type AnyContactForm =
  | UseFormReturn<ContactFormValues, unknown, CreateContactBody>
  | UseFormReturn<ContactFormValues, unknown, UpdateContactBody>;

/** Warns (without stopping the save) when another contact has the same name and email. */
function DuplicateWarning({
  form,
  contacts,
  exceptId,
}: {
  form: UseFormReturn<ContactFormValues>;
  contacts: readonly ContactDto[];
  exceptId: number | undefined;
}) {
  const [name, email] = useWatch({ control: form.control, name: ['name', 'email'] });
  const duplicate = findDuplicate(contacts, name, email, exceptId);
  return (
    <div role="status" className="sm:col-span-2 empty:hidden">
      {duplicate && (
        <p className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {`${duplicate.name} <${duplicate.email}> is already in your contacts (${CONTACT_TYPE_LABELS[duplicate.type]}). Saving adds a duplicate.`}
          </span>
        </p>
      )}
    </div>
  );
}

/**
 * The fields of the contact form. Rating and specialties show for subcontractors and vendors,
 * Licensed Contractor for subcontractors; choosing another type clears what it does not carry, as
 * the server would.
 */
export function ContactFormFields({
  form,
  mode,
  contacts,
  contact,
}: {
  form: AnyContactForm;
  mode: 'create' | 'edit';
  /** The company's contacts, to warn about a duplicate. */
  contacts: readonly ContactDto[];
  /** The contact being edited. */
  contact?: ContactDto;
}) {
  const f = form as UseFormReturn<ContactFormValues>;
  const { control } = f;
  const type = useWatch({ control, name: 'type' });
  const shows = CONTACT_TYPE_FIELDS[type];
  const changeType = (next: ContactType) => {
    f.setValue('type', next, { shouldDirty: true });
    const allowed = CONTACT_TYPE_FIELDS[next];
    if (!allowed.rating) f.setValue('rating', mode === 'create' ? '' : null);
    if (!allowed.licensed) f.setValue('licensed', false);
    if (!allowed.specialties) f.setValue('specialties', []);
  };
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <InputField control={control} name="name" label="Name" autoComplete="off" placeholder="Full name" />
      <InputField
        control={control}
        name="company"
        label="Company"
        autoComplete="off"
        placeholder="Company name"
      />
      <InputField
        control={control}
        name="email"
        label="Email"
        type="email"
        autoComplete="off"
        placeholder="name@company.com"
      />
      <InputField
        control={control}
        name="phone"
        label="Phone"
        type="tel"
        autoComplete="off"
        placeholder="(555) 010-2025"
      />
      <DuplicateWarning form={f} contacts={contacts} exceptId={contact?.id} />
      <FormField
        control={control}
        name="type"
        render={({ field }) => (
          <FormItem className={shows.rating ? undefined : 'sm:col-span-2'}>
            <FormLabel>Type</FormLabel>
            <Select value={field.value} onValueChange={(v) => changeType(v as ContactType)} name={field.name}>
              <FormControl>
                <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
                  <SelectValue placeholder="Select a type" />
                </SelectTrigger>
              </FormControl>
              <SelectContent>
                {CONTACT_TYPES.map((t) => (
                  <SelectItem key={t} value={t}>
                    {CONTACT_TYPE_LABELS[t]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <FormMessage />
          </FormItem>
        )}
      />
      {shows.rating && (
        <FormField
          control={control}
          name="rating"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{mode === 'create' ? 'Rating (1–5)' : 'Rating'}</FormLabel>
              {mode === 'create' ? (
                <FormControl>
                  <Input
                    type="number"
                    inputMode="decimal"
                    min={1}
                    max={5}
                    step={0.1}
                    placeholder="e.g. 4.5"
                    name={field.name}
                    ref={field.ref}
                    onBlur={field.onBlur}
                    value={field.value === null || field.value === undefined ? '' : String(field.value)}
                    onChange={(e) => field.onChange(e.target.value)}
                  />
                </FormControl>
              ) : (
                <FormControl>
                  <StarRatingInput
                    value={typeof field.value === 'string' ? null : field.value}
                    saved={contact?.rating ?? null}
                    onChange={field.onChange}
                  />
                </FormControl>
              )}
              <FormMessage />
            </FormItem>
          )}
        />
      )}
      {shows.specialties && (
        <FormField
          control={control}
          name="specialties"
          render={({ field }) => (
            <FormItem className="sm:col-span-2">
              <FormLabel>Specialties</FormLabel>
              <FormControl>
                <SpecialtiesInput
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
      )}
      {shows.licensed && (
        <FormField
          control={control}
          name="licensed"
          render={({ field }) => (
            <FormItem className="flex items-center gap-2.5 sm:col-span-2">
              <FormControl>
                <Checkbox
                  checked={field.value}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  name={field.name}
                />
              </FormControl>
              <FormLabel className="font-normal">Licensed Contractor</FormLabel>
            </FormItem>
          )}
        />
      )}
      <FormField
        control={control}
        name="notes"
        render={({ field }) => (
          <FormItem className="sm:col-span-2">
            <FormLabel>Notes</FormLabel>
            <FormControl>
              <Textarea rows={3} placeholder="Anything the team should know" {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
    </div>
  );
}
