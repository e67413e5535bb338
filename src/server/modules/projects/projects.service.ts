import type { CreateProjectBody, ProjectDto, UpdateProjectBody } from '../../../contracts/projects.js';
import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../../errors.js';
import type { Tenant } from '../../plugins/auth-context.js';
import { type NewProject, type ProjectRow, projectsRepo } from './projects.repo.js';

export function toProjectDto(row: ProjectRow): ProjectDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    client: row.client,
    type: row.type,
    status: row.status,
    budget: row.budget,
    progress: row.progress,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

export function projectsService(ctx: AppContext) {
  const { db } = ctx;
  return {
    list: (tenant: Tenant) => projectsRepo.list(db, tenant.companyId),

    async get(tenant: Tenant, id: number) {
      const row = await projectsRepo.findById(db, tenant.companyId, id);
      if (!row) throw notFound('project');
      return row;
    },

    create(tenant: Tenant, input: CreateProjectBody) {
      return projectsRepo.insert(db, tenant.companyId, {
        ...input,
        description: input.description ?? null,
        startDate: new Date(input.startDate),
        endDate: new Date(input.endDate),
        createdBy: tenant.userId,
      });
    },

    async update(tenant: Tenant, id: number, input: UpdateProjectBody) {
      return db.transaction(async (tx) => {
        const current = await projectsRepo.findById(tx, tenant.companyId, id);
        if (!current) throw notFound('project');
        const { startDate, endDate, ...rest } = input;
        const values: Partial<NewProject> = {
          ...rest,
          ...(startDate ? { startDate: new Date(startDate) } : {}),
          ...(endDate ? { endDate: new Date(endDate) } : {}),
        };
        const start = values.startDate ?? current.startDate;
        const end = values.endDate ?? current.endDate;
        if (end < start) {
          const message = 'End date must be on or after the start date';
          throw badRequest(message, { endDate: message });
        }
        const row = await projectsRepo.update(tx, tenant.companyId, id, values);
        if (!row) throw notFound('project');
        return row;
      });
    },

    async delete(tenant: Tenant, id: number) {
      if (!(await projectsRepo.delete(db, tenant.companyId, id))) throw notFound('project');
    },
  };
}
