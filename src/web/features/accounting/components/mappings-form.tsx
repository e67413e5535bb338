import { type FormEvent, useId, useState } from 'react';
import {
  type AccountingMappingsDto,
  type AccountingSettingsDto,
  putAccountingMappingsBody,
} from '@/contracts/accounting';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { serverMessage } from '@/web/lib/api-client';
import { useSaveMappings } from '../api/save-mappings';

const SETTINGS: { key: keyof AccountingSettingsDto; label: string }[] = [
  { key: 'apAccount', label: 'A/P account' },
  { key: 'arAccount', label: 'A/R account' },
  { key: 'incomeAccount', label: 'Income account' },
  { key: 'xeroTaxType', label: 'Xero tax type' },
  { key: 'xeroTrackingName', label: 'Xero tracking category' },
];

type CodeNames = { account: string; accountCode: string; item: string };

/** The company's mapping: accounts, cost codes, jobs and vendors as the accounting program names them. */
export function MappingsForm({ mappings }: { mappings: AccountingMappingsDto }) {
  const id = useId();
  const save = useSaveMappings();
  const [settings, setSettings] = useState(mappings.settings);
  const [codes, setCodes] = useState<Record<number, CodeNames>>(() =>
    Object.fromEntries(
      mappings.costCodes.map((c) => [
        c.costCodeId,
        { account: c.account ?? '', accountCode: c.accountCode ?? '', item: c.item ?? '' },
      ]),
    ),
  );
  const [jobs, setJobs] = useState<Record<number, string>>(() =>
    Object.fromEntries(mappings.jobs.map((j) => [j.projectId, j.customerJob ?? ''])),
  );
  const [vendors, setVendors] = useState<Record<number, string>>(() =>
    Object.fromEntries(mappings.vendors.map((v) => [v.contactId, v.vendorName ?? ''])),
  );
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const parsed = putAccountingMappingsBody.safeParse({
      settings,
      costCodes: mappings.costCodes.map((c) => {
        const names = codes[c.costCodeId] ?? { account: '', accountCode: '', item: '' };
        return {
          costCodeId: c.costCodeId,
          account: names.account || null,
          accountCode: names.accountCode || null,
          item: names.item || null,
        };
      }),
      jobs: mappings.jobs.map((j) => ({ projectId: j.projectId, customerJob: jobs[j.projectId] || null })),
      vendors: mappings.vendors.map((v) => ({
        contactId: v.contactId,
        vendorName: vendors[v.contactId] || null,
      })),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the names');
      return;
    }
    setError(null);
    save.mutate(parsed.data, { onSuccess: () => setSaved(true) });
  }

  const setCode = (costCodeId: number, patch: Partial<CodeNames>) =>
    setCodes((all) => ({
      ...all,
      [costCodeId]: { ...(all[costCodeId] ?? { account: '', accountCode: '', item: '' }), ...patch },
    }));

  return (
    <form className="grid gap-5" onSubmit={submit} noValidate>
      <Card>
        <CardHeader>
          <CardTitle>Accounts</CardTitle>
          <CardDescription>The accounts every bill and invoice posts to.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {SETTINGS.map(({ key, label }) => (
            <div key={key} className="grid gap-1.5">
              <Label htmlFor={`${id}-${key}`}>{label}</Label>
              <Input
                id={`${id}-${key}`}
                value={settings[key]}
                onChange={(e) => setSettings((s) => ({ ...s, [key]: e.target.value }))}
              />
            </div>
          ))}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Cost codes</CardTitle>
          <CardDescription>
            A bill line posts to its cost code&apos;s account: its name in QuickBooks, its code in Xero. A
            bill with a code left blank stays out of the file and is listed.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {mappings.costCodes.map((c) => {
            const names = codes[c.costCodeId] ?? { account: '', accountCode: '', item: '' };
            return (
              <fieldset
                key={c.costCodeId}
                className="grid grid-cols-2 gap-2 border-b pb-4 last:border-b-0 sm:grid-cols-[12rem_1fr_8rem_1fr] sm:items-end"
              >
                <legend className="sr-only">
                  {c.code} {c.name}
                </legend>
                <p className="col-span-2 text-sm font-medium sm:col-span-1 sm:pb-2" aria-hidden="true">
                  {c.code} {c.name}
                </p>
                <div className="col-span-2 grid gap-1 sm:col-span-1">
                  <Label htmlFor={`${id}-acc-${c.costCodeId}`} className="text-xs text-muted-foreground">
                    QuickBooks account
                  </Label>
                  <Input
                    id={`${id}-acc-${c.costCodeId}`}
                    value={names.account}
                    onChange={(e) => setCode(c.costCodeId, { account: e.target.value })}
                  />
                </div>
                <div className="grid gap-1">
                  <Label htmlFor={`${id}-code-${c.costCodeId}`} className="text-xs text-muted-foreground">
                    Xero code
                  </Label>
                  <Input
                    id={`${id}-code-${c.costCodeId}`}
                    value={names.accountCode}
                    onChange={(e) => setCode(c.costCodeId, { accountCode: e.target.value })}
                  />
                </div>
                <div className="grid gap-1">
                  <Label htmlFor={`${id}-item-${c.costCodeId}`} className="text-xs text-muted-foreground">
                    QuickBooks item
                  </Label>
                  <Input
                    id={`${id}-item-${c.costCodeId}`}
                    value={names.item}
                    onChange={(e) => setCode(c.costCodeId, { item: e.target.value })}
                  />
                </div>
              </fieldset>
            );
          })}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Jobs</CardTitle>
          <CardDescription>
            Each project&apos;s Customer:Job. Left blank, its default name is used and listed.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {mappings.jobs.length === 0 && <p className="text-sm text-muted-foreground">No projects yet.</p>}
          {mappings.jobs.map((j) => (
            <div key={j.projectId} className="grid gap-1 sm:grid-cols-[16rem_1fr] sm:items-center">
              <Label htmlFor={`${id}-job-${j.projectId}`}>{j.name}</Label>
              <Input
                id={`${id}-job-${j.projectId}`}
                placeholder={j.defaultName}
                value={jobs[j.projectId] ?? ''}
                onChange={(e) => setJobs((all) => ({ ...all, [j.projectId]: e.target.value }))}
              />
            </div>
          ))}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Vendors</CardTitle>
          <CardDescription>
            The vendor&apos;s name in your books. Left blank, the contact&apos;s own name is used and listed.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {mappings.vendors.length === 0 && (
            <p className="text-sm text-muted-foreground">No vendors or subcontractors yet.</p>
          )}
          {mappings.vendors.map((v) => (
            <div key={v.contactId} className="grid gap-1 sm:grid-cols-[16rem_1fr] sm:items-center">
              <Label htmlFor={`${id}-vendor-${v.contactId}`}>
                {v.company ? `${v.company} (${v.name})` : v.name}
              </Label>
              <Input
                id={`${id}-vendor-${v.contactId}`}
                placeholder={v.defaultName}
                value={vendors[v.contactId] ?? ''}
                onChange={(e) => setVendors((all) => ({ ...all, [v.contactId]: e.target.value }))}
              />
            </div>
          ))}
        </CardContent>
      </Card>

      {(error || save.isError) && (
        <p role="alert" className="text-sm text-destructive">
          {error ?? serverMessage(save.error) ?? 'The mapping could not be saved.'}
        </p>
      )}
      {saved && (
        <p role="status" className="text-sm text-muted-foreground">
          Mapping saved.
        </p>
      )}
      <Button type="submit" className="w-fit" disabled={save.isPending}>
        Save mapping
      </Button>
    </form>
  );
}
