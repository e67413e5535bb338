import { Slot } from 'radix-ui';
import { type ComponentProps, createContext, type ReactNode, useContext, useId } from 'react';
import {
  type Control,
  Controller,
  type ControllerProps,
  type FieldPath,
  type FieldValues,
  FormProvider,
  useFormContext,
  useFormState,
} from 'react-hook-form';
import { cn } from '@/web/lib/utils';
import { Input } from './input';
import { Label } from './label';

/** The react-hook-form provider: `<Form {...form}><form onSubmit=…>…</form></Form>`. */
export const Form = FormProvider;

const FieldNameContext = createContext<string | null>(null);
const ItemIdContext = createContext<string | null>(null);

/** One field bound to the form; render its control through `render`. */
export function FormField<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
>(props: ControllerProps<TFieldValues, TName, TTransformedValues>) {
  return (
    <FieldNameContext.Provider value={props.name}>
      <Controller {...props} />
    </FieldNameContext.Provider>
  );
}

/** Ids and error state of the field around the caller, for labels and aria attributes. */
export function useFormField() {
  const name = useContext(FieldNameContext);
  const itemId = useContext(ItemIdContext);
  const { getFieldState } = useFormContext();
  const formState = useFormState({ ...(name ? { name } : {}) });
  if (!name || !itemId) throw new Error('useFormField must be used inside <FormField> and <FormItem>');
  const fieldState = getFieldState(name, formState);
  return {
    name,
    formItemId: `${itemId}-item`,
    formDescriptionId: `${itemId}-description`,
    formMessageId: `${itemId}-message`,
    ...fieldState,
  };
}

export function FormItem({ className, ...props }: ComponentProps<'div'>) {
  const id = useId();
  return (
    <ItemIdContext.Provider value={id}>
      <div className={cn('grid gap-2', className)} {...props} />
    </ItemIdContext.Provider>
  );
}

export function FormLabel({ className, ...props }: ComponentProps<typeof Label>) {
  const { error, formItemId } = useFormField();
  return (
    <Label
      data-error={Boolean(error)}
      className={cn('data-[error=true]:text-destructive', className)}
      htmlFor={formItemId}
      {...props}
    />
  );
}

/** Wraps the input: gives it the label's id, and points aria-describedby at the error when there is one. */
export function FormControl(props: ComponentProps<typeof Slot.Root>) {
  const { error, formItemId, formMessageId } = useFormField();
  return (
    <Slot.Root
      id={formItemId}
      aria-describedby={error ? formMessageId : undefined}
      aria-invalid={Boolean(error)}
      {...props}
    />
  );
}

export function FormDescription({ className, ...props }: ComponentProps<'p'>) {
  const { formDescriptionId } = useFormField();
  return <p id={formDescriptionId} className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

/** The field's validation message (or `children` when there is none). */
export function FormMessage({ className, children, ...props }: ComponentProps<'p'>) {
  const { error, formMessageId } = useFormField();
  const body = error?.message ? String(error.message) : children;
  if (!body) return null;
  return (
    <p id={formMessageId} className={cn('text-sm font-medium text-destructive', className)} {...props}>
      {body}
    </p>
  );
}

/** The common field: a label, a text input bound to the form, an optional description and the message. */
export function InputField<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
>({
  control,
  name,
  label,
  description,
  ...inputProps
}: {
  control: Control<TFieldValues, unknown, TTransformedValues>;
  name: TName;
  label: ReactNode;
  description?: ReactNode;
} & Omit<ComponentProps<typeof Input>, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur'>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input {...inputProps} {...field} />
          </FormControl>
          {description ? <FormDescription>{description}</FormDescription> : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
