import { idText } from '../../../contracts/common.js';
import type { DocumentDto } from '../../../contracts/documents.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import type { Tenant } from '../../plugins/auth-context.js';
import { newStorageKey, StoredFileMissing, storageFor } from '../../providers/storage/index.js';
import type { UploadPart } from '../../uploads.js';
import { requireProject } from '../projects/project-scope.js';
import { type DocumentRow, documentsRepo, type NewDocument } from './documents.repo.js';
import { checkFile } from './file-type.js';

/** Most files one upload may carry. */
export const MAX_FILES_PER_UPLOAD = 20;

export type { DocumentRow, UploadPart };

/** Where clean-up problems after a commit are reported (they never fail the request). */
export interface CleanupLog {
  warn(obj: object, msg: string): void;
}

export function toDocumentDto(row: DocumentRow): DocumentDto {
  return {
    id: row.id,
    projectId: row.projectId,
    taskId: row.taskId,
    name: row.name,
    originalName: row.originalName,
    type: row.type,
    mimeType: row.mimeType,
    fileSize: row.fileSize,
    uploadedBy: row.uploadedBy,
    uploadedAt: row.uploadedAt.toISOString(),
    downloadUrl: `/api/documents/${row.id}/download`,
  };
}

export function documentsService(ctx: AppContext) {
  const { db } = ctx;
  const storage = () => storageFor(ctx.config);

  /** Removes stored files once the rows that named them are gone; failures are logged, not thrown. */
  async function removeStoredFiles(keys: readonly string[], log: CleanupLog) {
    const results = await Promise.allSettled(keys.map((key) => storage().delete(key)));
    results.forEach((r, i) => {
      if (r.status === 'rejected')
        log.warn({ err: r.reason, key: keys[i] }, 'could not delete a stored file');
    });
  }

  async function requireTask(tenant: Tenant, taskId: number) {
    const task = await documentsRepo.findTask(db, tenant.companyId, taskId);
    if (!task) throw notFound('task');
    return task;
  }

  return {
    removeStoredFiles,

    /** Storage keys of a project's documents (call inside the transaction that deletes the project). */
    storedFilesOfProject: (tx: Db, companyId: number, projectId: number) =>
      documentsRepo.filePathsOfProject(tx, companyId, projectId),

    /**
     * Storage keys of a company's documents, or of those one user uploaded: for account and company
     * deletion, whose database cascades remove these rows (call inside that transaction, then
     * `removeStoredFiles` after it commits).
     */
    storedFilesOfCompany: (tx: Db, companyId: number, uploadedBy?: string) =>
      documentsRepo.filePathsOfCompany(tx, companyId, uploadedBy),

    /** Storage keys of the documents attached to these tasks. */
    storedFilesOfTasks: (tx: Db, companyId: number, taskIds: number[]) =>
      documentsRepo.filePathsOfTasks(tx, companyId, taskIds),

    async listForProject(tenant: Tenant, projectId: number) {
      await requireProject(db, tenant.companyId, projectId);
      return documentsRepo.listByProject(db, tenant.companyId, projectId);
    },

    async listForTask(tenant: Tenant, taskId: number) {
      await requireTask(tenant, taskId);
      return documentsRepo.listByTask(db, tenant.companyId, taskId);
    },

    /**
     * Stores every `file` part (each checked by its content) and then records them all in one
     * transaction. If anything fails, the files already written are deleted again: no file is
     * left without its row, and no row without its file.
     */
    async upload(tenant: Tenant, projectId: number, parts: AsyncIterable<UploadPart>, log: CleanupLog) {
      const { companyId } = tenant;
      await requireProject(db, companyId, projectId);
      const written: string[] = [];
      const files: NewDocument[] = [];
      let taskId: number | null = null;
      try {
        for await (const part of parts) {
          if (part.kind === 'field') {
            if (part.fieldName === 'taskId') {
              // A form field is text: the same id rule as in paths and query strings.
              const value = part.value.trim();
              const id = idText().safeParse(value);
              if (value && !id.success)
                throw badRequest('taskId must be a task id', { taskId: 'Invalid id' });
              taskId = id.success ? id.data : null;
            }
            continue;
          }
          if (part.fieldName !== 'file') {
            throw badRequest(`Unexpected file field "${part.fieldName}": send files as parts named "file"`);
          }
          if (files.length >= MAX_FILES_PER_UPLOAD) {
            throw new AppError(
              413,
              'too_many_files',
              `Too many files (at most ${MAX_FILES_PER_UPLOAD} per upload)`,
            );
          }
          const bytes = await part.read();
          // Cleaned once for every upload route, as the parts are read (`uploadFileName`).
          const originalName = part.fileName;
          const check = checkFile(originalName, bytes);
          if (!check.ok) {
            throw check.status === 415
              ? new AppError(415, 'unsupported_file_type', check.message)
              : badRequest(check.message, { file: check.message }, 'empty_file');
          }
          const key = newStorageKey(companyId, check.extension);
          await storage().put(key, bytes, check.mimeType);
          written.push(key);
          files.push({
            projectId,
            taskId: null,
            name: key.slice(key.lastIndexOf('/') + 1),
            originalName,
            type: check.extension,
            mimeType: check.mimeType,
            fileSize: bytes.length,
            filePath: key,
            uploadedBy: tenant.userId,
          });
        }
        if (files.length === 0) {
          throw badRequest('Choose at least one file to upload', {
            file: 'Choose at least one file to upload',
          });
        }
        return await db.transaction(async (tx) => {
          // Locked so that a project or task deleted meanwhile answers 404 instead of leaving files.
          await requireProject(tx, companyId, projectId, 'key share');
          if (taskId !== null) {
            const task = await documentsRepo.findTask(tx, companyId, taskId, 'key share');
            if (!task || task.projectId !== projectId) throw notFound('task');
          }
          return documentsRepo.insertMany(
            tx,
            companyId,
            files.map((f) => ({ ...f, taskId })),
          );
        });
      } catch (err) {
        await removeStoredFiles(written, log);
        throw err;
      }
    },

    /** The document's row (404 when the company has no such document). */
    async get(tenant: Tenant, id: number): Promise<DocumentRow> {
      const row = await documentsRepo.findById(db, tenant.companyId, id);
      if (!row) throw notFound('document');
      return row;
    },

    /** The document and a stream of its file. */
    async open(tenant: Tenant, id: number) {
      const row = await documentsRepo.findById(db, tenant.companyId, id);
      if (!row) throw notFound('document');
      try {
        return { row, stream: await storage().get(row.filePath) };
      } catch (err) {
        if (err instanceof StoredFileMissing)
          throw new AppError(404, 'file_missing', 'The stored file is missing');
        throw err;
      }
    },

    async delete(tenant: Tenant, id: number, log: CleanupLog) {
      const key = await documentsRepo.delete(db, tenant.companyId, id);
      if (key === undefined) throw notFound('document');
      await removeStoredFiles([key], log);
    },
  };
}
