import { zodResolver } from '@hookform/resolvers/zod';
import { MapPin } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { UserDto } from '@/contracts/auth';
import {
  type CompanyLocationBody,
  type CompanyLocationInput,
  companyLocationBody,
} from '@/contracts/companies';
import { countryName, isUsStateCode, US_STATES } from '@/contracts/location';
import { Button } from '@/web/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/web/components/ui/form';
import { Input } from '@/web/components/ui/input';
import { toast } from '@/web/components/ui/use-toast';
import { managesCompany } from '@/web/lib/access';
import { serverMessage } from '@/web/lib/api-client';
import { useUpdateCompanyLocation } from '../api/update-company-location';
import { SettingsCard } from './settings-card';

/** The countries offered first; any other ISO code the company already has is offered too. */
const COUNTRY_CHOICES = [
  'US',
  'CA',
  'MX',
  'GB',
  'IE',
  'AU',
  'NZ',
  'DE',
  'FR',
  'ES',
  'IT',
  'NL',
  'IN',
  'AE',
  'SA',
  'OM',
  'QA',
  'ZA',
] as const;

const SELECT_CLASS =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 aria-invalid:border-destructive sm:text-sm';

/** The location as a sentence: "Texas, United States", or "not set". */
export function describeLocation(country: string, state: string | null): string {
  const countryLabel = countryName(country) ?? country;
  if (!state) return `${countryLabel} (no state or region set)`;
  const stateLabel = country === 'US' && isUsStateCode(state) ? US_STATES[state] : state;
  return `${stateLabel}, ${countryLabel}`;
}

function LocationForm({ country, state }: { country: string; state: string | null }) {
  const update = useUpdateCompanyLocation();
  const form = useForm<CompanyLocationInput, unknown, CompanyLocationBody>({
    resolver: zodResolver(companyLocationBody),
    defaultValues: { country, state: state ?? '' },
  });
  const chosenCountry = String(form.watch('country') ?? '').toUpperCase();
  const countries = COUNTRY_CHOICES.includes(country as (typeof COUNTRY_CHOICES)[number])
    ? COUNTRY_CHOICES
    : [country, ...COUNTRY_CHOICES];

  const onSubmit = form.handleSubmit((values) =>
    update.mutateAsync(values).then(
      (saved) => {
        form.reset({ country: saved.country, state: saved.state ?? '' });
        toast({ title: 'Location saved', description: describeLocation(saved.country, saved.state) });
      },
      (error: unknown) =>
        toast({
          variant: 'destructive',
          title: 'Could not save the location',
          description: serverMessage(error) ?? 'Please try again.',
        }),
    ),
  );

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <FormField
          control={form.control}
          name="country"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Country</FormLabel>
              <FormControl>
                <select
                  className={SELECT_CLASS}
                  {...field}
                  value={String(field.value ?? '')}
                  onChange={(event) => {
                    field.onChange(event.target.value);
                    // A US state code means nothing elsewhere, and a region name nothing in the US.
                    form.setValue('state', '');
                  }}
                >
                  {countries.map((code) => (
                    <option key={code} value={code}>
                      {countryName(code) ?? code}
                    </option>
                  ))}
                </select>
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="state"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{chosenCountry === 'US' ? 'State' : 'State or region'}</FormLabel>
              <FormControl>
                {chosenCountry === 'US' ? (
                  <select className={SELECT_CLASS} {...field} value={String(field.value ?? '')}>
                    <option value="">Choose a state</option>
                    {Object.entries(US_STATES).map(([code, name]) => (
                      <option key={code} value={code}>
                        {name}
                      </option>
                    ))}
                  </select>
                ) : (
                  <Input {...field} value={String(field.value ?? '')} placeholder="e.g. Ontario" />
                )}
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" className="w-full sm:col-span-2 sm:w-fit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Location'}
        </Button>
      </form>
    </Form>
  );
}

/**
 * The company's default location, which the schedule's weather allowance reads for projects that
 * give none of their own. Its owner and admins change it; members see it.
 */
export function CompanyLocationCard({ user }: { user: UserDto }) {
  const company = user.company;
  if (!company) return null;
  const canEdit = managesCompany(user);
  return (
    <SettingsCard
      icon={MapPin}
      title="Company Location"
      description="Where your jobs usually are. Schedules allow for that region's typical weather unless a project gives its own location."
    >
      {canEdit ? (
        <LocationForm
          key={`${company.country}:${company.state ?? ''}`}
          country={company.country}
          state={company.state}
        />
      ) : (
        <div className="grid gap-1 text-sm">
          <p>
            <span className="font-medium">Default location:</span>{' '}
            {describeLocation(company.country, company.state)}
          </p>
          <p className="text-muted-foreground">Your company&apos;s owner or an admin can change it.</p>
        </div>
      )}
    </SettingsCard>
  );
}
