/**
 * Accounting: the contractor's invoices to the client of each project (draft, then approved by the
 * owner or an admin) and the files an accountant imports (see `accounting-export.service.ts`). This
 * module owns `client_invoices`, `client_invoice_lines`, `accounting_mappings` and
 * `accounting_settings`; other modules read what a job has billed through
 * `projectBilledToClientCents`.
 */
import type {
  CreateInvoiceBody,
  InvoiceDto,
  InvoiceListDto,
  UpdateInvoiceBody,
} from '../../../contracts/accounting.js';
import { nextInvoiceNumber, numericToCents } from '../../../domain/accounting/index.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import type { Tenant } from '../../plugins/auth-context.js';
import { budgetService } from '../budget/budget.service.js';
import { projectsService } from '../projects/projects.service.js';
import { accountingRepo, type InvoiceWithLines } from './accounting.repo.js';

export function toInvoiceDto({ invoice, lines, approvedByName }: InvoiceWithLines): InvoiceDto {
  return {
    id: invoice.id,
    projectId: invoice.projectId,
    number: invoice.number,
    invoiceDate: invoice.invoiceDate,
    dueDate: invoice.dueDate,
    status: invoice.status === 'approved' ? 'approved' : 'draft',
    memo: invoice.memo,
    lines: lines.map((l) => ({
      id: l.id,
      description: l.description,
      costCodeId: l.costCodeId,
      amountCents: l.amountCents,
    })),
    totalCents: lines.reduce((sum, l) => sum + l.amountCents, 0),
    approvedAt: invoice.approvedAt?.toISOString() ?? null,
    approvedByName,
    createdAt: invoice.createdAt.toISOString(),
  };
}

/**
 * What the project has billed its client: the sum of its approved invoices, in whole cents. For
 * other modules (the job cost report's work in progress); `db` may be a transaction.
 */
export function projectBilledToClientCents(db: Db, companyId: number, projectId: number): Promise<number> {
  return accountingRepo.billedCents(db, companyId, projectId);
}

/** Whether a database error is a unique violation (two invoices numbered at once). */
function isUniqueViolation(err: unknown): boolean {
  const code = (e: unknown) => (e as { code?: unknown } | undefined)?.code;
  return code(err) === '23505' || code((err as { cause?: unknown }).cause) === '23505';
}

export function accountingService(ctx: AppContext) {
  const { db } = ctx;
  const projects = projectsService(ctx);
  const budget = budgetService(ctx);

  /** Refuses a line's cost code that is not the company's: 400 naming the line. */
  async function checkCostCodes(tenant: Tenant, lines: readonly { costCodeId?: number | null }[]) {
    if (lines.every((l) => l.costCodeId == null)) return;
    const codes = new Set((await budget.costCodes(tenant)).map((c) => c.id));
    const errors: Record<string, string> = {};
    lines.forEach((l, i) => {
      if (l.costCodeId != null && !codes.has(l.costCodeId))
        errors[`lines.${i}.costCodeId`] = 'Unknown cost code';
    });
    if (Object.keys(errors).length > 0) throw badRequest('Unknown cost code', errors);
  }

  const lineValues = (lines: CreateInvoiceBody['lines']) =>
    lines.map((l) => ({
      description: l.description,
      costCodeId: l.costCodeId ?? null,
      amountCents: l.amountCents,
    }));

  async function invoiceOf(tenant: Tenant, id: number): Promise<InvoiceDto> {
    const found = await accountingRepo.invoiceById(db, tenant.companyId, id);
    if (!found) throw notFound('invoice');
    return toInvoiceDto(found);
  }

  return {
    async projectInvoices(tenant: Tenant, projectId: number): Promise<InvoiceListDto> {
      const project = await projects.get(tenant, projectId);
      const [invoices, billedCents] = await Promise.all([
        accountingRepo.invoices(db, tenant.companyId, { projectId }),
        accountingRepo.billedCents(db, tenant.companyId, projectId),
      ]);
      return {
        projectId,
        currency: project.currency,
        contractCents: numericToCents(project.budget),
        billedCents,
        invoices: invoices.map(toInvoiceDto),
      };
    },

    /** A draft invoice numbered after the project's last (two at once each get their own number). */
    async createInvoice(tenant: Tenant, projectId: number, body: CreateInvoiceBody): Promise<InvoiceDto> {
      await projects.get(tenant, projectId);
      await checkCostCodes(tenant, body.lines);
      for (let attempt = 0; ; attempt++) {
        try {
          const id = await db.transaction(async (tx) => {
            const number = nextInvoiceNumber(
              await accountingRepo.invoiceNumbers(tx, tenant.companyId, projectId),
            );
            const row = await accountingRepo.insertInvoice(tx, tenant.companyId, {
              projectId,
              number,
              invoiceDate: body.invoiceDate,
              dueDate: body.dueDate ?? null,
              memo: body.memo ?? '',
              status: 'draft',
              createdBy: tenant.userId,
            });
            await accountingRepo.replaceLines(tx, tenant.companyId, row.id, lineValues(body.lines));
            return row.id;
          });
          return invoiceOf(tenant, id);
        } catch (err) {
          if (attempt < 4 && isUniqueViolation(err)) continue;
          throw err;
        }
      }
    },

    /** Changes a draft; an approved invoice is billed and stays as it is (409). */
    async updateInvoice(tenant: Tenant, id: number, body: UpdateInvoiceBody): Promise<InvoiceDto> {
      if (body.lines) await checkCostCodes(tenant, body.lines);
      await db.transaction(async (tx) => {
        const row = await accountingRepo.lockInvoice(tx, tenant.companyId, id);
        if (!row) throw notFound('invoice');
        if (row.status !== 'draft')
          throw conflict('invoice_approved', 'An approved invoice cannot be changed');
        const invoiceDate = body.invoiceDate ?? row.invoiceDate;
        const dueDate = body.dueDate === undefined ? row.dueDate : body.dueDate;
        if (dueDate && dueDate < invoiceDate)
          throw badRequest('Due date cannot be before the invoice date', {
            dueDate: 'Due date cannot be before the invoice date',
          });
        await accountingRepo.updateInvoice(tx, tenant.companyId, id, {
          invoiceDate,
          dueDate,
          ...(body.memo !== undefined ? { memo: body.memo } : {}),
        });
        if (body.lines) await accountingRepo.replaceLines(tx, tenant.companyId, id, lineValues(body.lines));
      });
      return invoiceOf(tenant, id);
    },

    /** Approves a draft (the route lets only the owner and admins call it): it is billed from now on. */
    async approveInvoice(tenant: Tenant, id: number): Promise<InvoiceDto> {
      await db.transaction(async (tx) => {
        const row = await accountingRepo.lockInvoice(tx, tenant.companyId, id);
        if (!row) throw notFound('invoice');
        if (row.status !== 'draft') throw conflict('invoice_approved', 'The invoice is already approved');
        await accountingRepo.updateInvoice(tx, tenant.companyId, id, {
          status: 'approved',
          approvedAt: ctx.now(),
          approvedBy: tenant.userId,
        });
      });
      return invoiceOf(tenant, id);
    },
  };
}
