/**
 * The company's accounting mappings and the files an accountant imports. Names come from the
 * mappings (a cost code's account, a job's Customer:Job, a vendor's name); bills from the costs
 * module, approved invoices from this module. What could not be mapped is listed by
 * `exportCheck` and never silently dropped (see docs/accounting-export.md).
 */
import type {
  AccountingMappingsDto,
  AccountingSettingsDto,
  ExportCheckDto,
  ExportFormat,
  ExportQuery,
  PutAccountingMappingsBody,
} from '../../../contracts/accounting.js';
import {
  type AccountingNames,
  defaultCustomerJob,
  inPeriod,
  prepareExport,
  type SourceBill,
  type SourceInvoice,
  type SourceJob,
  writeIifCustomers,
  writeIifTransactions,
  writeQboBills,
  writeQboCustomers,
  writeXeroBills,
} from '../../../domain/accounting/index.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import type { Tenant } from '../../plugins/auth-context.js';
import { budgetService } from '../budget/budget.service.js';
import { contactsService } from '../contacts/contacts.service.js';
import { projectsService } from '../projects/projects.service.js';
import { accountingRepo, type SettingsRow } from './accounting.repo.js';
import { billsOf } from './bill-source.js';

const DEFAULT_SETTINGS: AccountingSettingsDto = {
  apAccount: 'Accounts Payable',
  arAccount: 'Accounts Receivable',
  incomeAccount: 'Construction Income',
  xeroTaxType: 'Tax Exempt',
  xeroTrackingName: 'Job',
};

const toSettingsDto = (row: SettingsRow | undefined): AccountingSettingsDto =>
  row
    ? {
        apAccount: row.apAccount,
        arAccount: row.arAccount,
        incomeAccount: row.incomeAccount,
        xeroTaxType: row.xeroTaxType,
        xeroTrackingName: row.xeroTrackingName,
      }
    : DEFAULT_SETTINGS;

const FILES: Record<ExportFormat, { ext: string; contentType: string }> = {
  iif: { ext: 'iif', contentType: 'text/plain; charset=utf-8' },
  'iif-customers': { ext: 'iif', contentType: 'text/plain; charset=utf-8' },
  'qbo-bills': { ext: 'csv', contentType: 'text/csv; charset=utf-8' },
  'qbo-customers': { ext: 'csv', contentType: 'text/csv; charset=utf-8' },
  'xero-bills': { ext: 'csv', contentType: 'text/csv; charset=utf-8' },
};

export interface ExportFile {
  fileName: string;
  contentType: string;
  body: string;
  check: ExportCheckDto;
}

const vendorDefault = (c: { company: string | null; name: string }) => c.company?.trim() || c.name;

export function accountingExportService(ctx: AppContext) {
  const { db } = ctx;
  const projects = projectsService(ctx);
  const contacts = contactsService(ctx);
  const budget = budgetService(ctx);

  async function mappings(tenant: Tenant): Promise<AccountingMappingsDto> {
    const [settings, rows, codes, jobs, people] = await Promise.all([
      accountingRepo.settings(db, tenant.companyId),
      accountingRepo.mappings(db, tenant.companyId),
      budget.costCodes(tenant),
      projects.list(tenant),
      contacts.list(tenant),
    ]);
    const byCode = new Map(rows.filter((r) => r.costCodeId !== null).map((r) => [r.costCodeId, r]));
    const byProject = new Map(rows.filter((r) => r.projectId !== null).map((r) => [r.projectId, r]));
    const byContact = new Map(rows.filter((r) => r.contactId !== null).map((r) => [r.contactId, r]));
    return {
      settings: toSettingsDto(settings),
      costCodes: codes.map((c) => ({
        costCodeId: c.id,
        code: c.code,
        name: c.name,
        account: byCode.get(c.id)?.account ?? null,
        accountCode: byCode.get(c.id)?.accountCode ?? null,
        item: byCode.get(c.id)?.item ?? null,
      })),
      jobs: jobs.map((p) => ({
        projectId: p.id,
        name: p.name,
        client: p.client,
        customerJob: byProject.get(p.id)?.name ?? null,
        defaultName: defaultCustomerJob(p),
      })),
      vendors: people
        .filter((c) => c.type === 'vendor' || c.type === 'subcontractor' || byContact.has(c.id))
        .map((c) => ({
          contactId: c.id,
          name: c.name,
          company: c.company,
          vendorName: byContact.get(c.id)?.name ?? null,
          defaultName: vendorDefault(c),
        })),
    };
  }

  async function prepared(tenant: Tenant, query: ExportQuery) {
    const jobRows = query.projectId
      ? [await projects.get(tenant, query.projectId)]
      : await projects.list(tenant);
    const map = await mappings(tenant);
    const names: AccountingNames = {
      ...map.settings,
      costCodes: new Map(map.costCodes.map((c) => [c.costCodeId, c])),
      jobs: new Map(map.jobs.flatMap((j) => (j.customerJob ? [[j.projectId, j.customerJob] as const] : []))),
      vendors: new Map(
        map.vendors.flatMap((v) => (v.vendorName ? [[v.contactId, v.vendorName] as const] : [])),
      ),
    };
    const jobs: SourceJob[] = jobRows.map((p) => ({
      projectId: p.id,
      name: p.name,
      client: p.client,
      siteAddress: p.siteAddress,
    }));
    const wantsBills =
      query.format === 'iif' || query.format === 'qbo-bills' || query.format === 'xero-bills';
    const bills: SourceBill[] = [];
    if (wantsBills)
      for (const job of jobs) bills.push(...(await billsOf(db, tenant.companyId, job.projectId)));
    const invoices: SourceInvoice[] =
      query.format === 'iif'
        ? (
            await accountingRepo.invoices(db, tenant.companyId, {
              projectId: query.projectId,
              status: 'approved',
              from: query.from,
              to: query.to,
            })
          )
            .reverse()
            .map(({ invoice, lines }) => ({
              projectId: invoice.projectId,
              number: invoice.number,
              invoiceDate: invoice.invoiceDate,
              dueDate: invoice.dueDate,
              memo: invoice.memo,
              lines: lines.map((l) => ({
                costCodeId: l.costCodeId,
                description: l.description,
                amountCents: l.amountCents,
              })),
            }))
        : [];
    const source = {
      bills: inPeriod(bills, (b) => b.entryDate, query.from, query.to),
      invoices,
      jobs,
    };
    return { result: prepareExport(query.format, source, names), settings: map.settings };
  }

  return {
    mappings,

    /** Writes the rows given (owner or admin); every id must be the company's (else 404, nothing saved). */
    async putMappings(tenant: Tenant, body: PutAccountingMappingsBody): Promise<AccountingMappingsDto> {
      const current = await mappings(tenant);
      const codes = new Set(current.costCodes.map((c) => c.costCodeId));
      const jobs = new Set(current.jobs.map((j) => j.projectId));
      const people = new Set((await contacts.list(tenant)).map((c) => c.id));
      if (body.costCodes?.some((c) => !codes.has(c.costCodeId))) throw notFound('cost code');
      if (body.jobs?.some((j) => !jobs.has(j.projectId))) throw notFound('project');
      if (body.vendors?.some((v) => !people.has(v.contactId))) throw notFound('vendor');
      await db.transaction(async (tx) => {
        if (body.settings && Object.keys(body.settings).length > 0)
          await accountingRepo.saveSettings(tx, tenant.companyId, body.settings);
        for (const c of body.costCodes ?? [])
          await accountingRepo.saveMapping(tx, tenant.companyId, { costCodeId: c.costCodeId }, c);
        for (const j of body.jobs ?? [])
          await accountingRepo.saveMapping(
            tx,
            tenant.companyId,
            { projectId: j.projectId },
            { name: j.customerJob },
          );
        for (const v of body.vendors ?? [])
          await accountingRepo.saveMapping(
            tx,
            tenant.companyId,
            { contactId: v.contactId },
            { name: v.vendorName },
          );
      });
      return mappings(tenant);
    },

    async exportCheck(tenant: Tenant, query: ExportQuery): Promise<ExportCheckDto> {
      const { result } = await prepared(tenant, query);
      return { format: query.format, ...result.check };
    },

    async exportFile(tenant: Tenant, query: ExportQuery): Promise<ExportFile> {
      const { result, settings } = await prepared(tenant, query);
      const body =
        query.format === 'iif'
          ? writeIifTransactions(result.bills, result.invoices, settings)
          : query.format === 'iif-customers'
            ? writeIifCustomers(result.customers)
            : query.format === 'qbo-bills'
              ? writeQboBills(result.bills)
              : query.format === 'qbo-customers'
                ? writeQboCustomers(result.customers)
                : writeXeroBills(result.bills, {
                    taxType: settings.xeroTaxType,
                    trackingName: settings.xeroTrackingName,
                    dateOrder: query.dateOrder ?? 'mdy',
                  });
      const period = [query.from, query.to].filter(Boolean).join('_to_');
      const file = FILES[query.format];
      return {
        fileName: `${query.format}${period ? `-${period}` : ''}.${file.ext}`,
        contentType: file.contentType,
        body,
        check: { format: query.format, ...result.check },
      };
    },
  };
}
