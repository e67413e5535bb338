import { PageHeader } from '@/web/components/page-header';
import { LoadFailed, LoadingBlock } from '@/web/components/query-states';
import { useAccountingMappings } from '../api/get-mappings';
import { ExportPanel } from '../components/export-panel';
import { MappingsForm } from '../components/mappings-form';

/**
 * /settings/accounting (owner or admin): how cost codes, jobs and vendors are named in the company's
 * accounting program, and the export files with what they could not map.
 */
export function AccountingSettingsPage() {
  const query = useAccountingMappings();
  return (
    <div className="grid gap-5">
      <PageHeader
        title="Accounting"
        description="Relate cost codes to accounts, jobs to customers and vendors to their names in QuickBooks or Xero, then export."
      />
      {query.isPending && <LoadingBlock />}
      {query.isError && <LoadFailed what="The accounting mapping" error={query.error} />}
      {query.data && (
        <>
          <ExportPanel jobs={query.data.jobs.map((j) => ({ projectId: j.projectId, name: j.name }))} />
          <MappingsForm mappings={query.data} />
        </>
      )}
    </div>
  );
}
