/**
 * The job's site: its street address, and its country with the state or region, which the schedule's
 * weather allowance reads before the company's default location. "Company default" leaves the place
 * unset (null).
 */
import { useId } from 'react';
import { type Control, useController, useFormState } from 'react-hook-form';
import { countryName, US_STATES } from '@/contracts/location';
import { InputField } from '@/web/components/ui/form';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import type { ProjectFormValues } from './project-form-values';

/** The countries offered first; a project's own other country is offered too. */
const COUNTRIES = ['US', 'CA', 'MX', 'GB', 'IE', 'AU', 'NZ', 'DE', 'FR', 'ES', 'IN', 'AE', 'SA', 'OM'];

const SELECT_CLASS =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 aria-invalid:border-destructive sm:text-sm';

export function LocationFields({ control }: { control: Control<ProjectFormValues> }) {
  const { field } = useController({ control, name: 'location' });
  const { errors } = useFormState({ control, name: 'location' });
  const countryId = useId();
  const stateId = useId();
  const stateError = errors.location?.state?.message ?? errors.location?.message;
  const place = field.value;
  const countries = place && !COUNTRIES.includes(place.country) ? [...COUNTRIES, place.country] : COUNTRIES;
  const setCountry = (country: string) =>
    field.onChange(country ? { country, state: place?.country === country ? place.state : '' } : null);
  const setState = (state: string) => place && field.onChange({ ...place, state });
  return (
    <>
      <div className="sm:col-span-2">
        <InputField
          control={control}
          name="siteAddress"
          label="Site Address (optional)"
          placeholder="Street, city"
          autoComplete="off"
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={countryId}>Country</Label>
        <select
          id={countryId}
          className={SELECT_CLASS}
          value={place?.country ?? ''}
          onChange={(e) => setCountry(e.target.value)}
          onBlur={field.onBlur}
        >
          <option value="">Company default</option>
          {countries.map((code) => (
            <option key={code} value={code}>
              {countryName(code) ?? code}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={stateId}>{place?.country === 'US' ? 'State' : 'State or region'}</Label>
        {place?.country === 'US' ? (
          <select
            id={stateId}
            className={SELECT_CLASS}
            value={place.state ?? ''}
            aria-invalid={Boolean(stateError)}
            onChange={(e) => setState(e.target.value)}
          >
            <option value="">Choose a state</option>
            {Object.entries(US_STATES).map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        ) : (
          <Input
            id={stateId}
            value={place?.state ?? ''}
            disabled={!place}
            placeholder={place ? 'e.g. Ontario' : 'Choose a country first'}
            aria-invalid={Boolean(stateError)}
            onChange={(e) => setState(e.target.value)}
          />
        )}
        {stateError ? <p className="text-sm font-medium text-destructive">{String(stateError)}</p> : null}
      </div>
      <p className="-mt-2 text-xs text-muted-foreground sm:col-span-2">
        The schedule allows for this place's usual bad-weather days; without one it uses the company's
        location from Account Settings.
      </p>
    </>
  );
}
