/**
 * Who a task is assigned to. A task has at most one assignee: a member of the company
 * (`assignedTo`, a user id) or a subcontractor of its contacts (`assignedContactId`). Naming one
 * clears the other. The assignee's name is kept on the task as they were named when assigned, so a
 * member or contact deleted later stays on the task as that name (the foreign key clears their id).
 */
import type { Db } from '../../db/client.js';
import { badRequest } from '../../errors.js';
import { findCompanyMember } from '../companies/companies.service.js';
import { findContact } from '../contacts/contacts.service.js';
import type { TaskRow } from './tasks.repo.js';

type Assignee = Pick<TaskRow, 'assignedTo' | 'assignedContactId' | 'assigneeName'>;

/** The assignee fields of a create or update body (the contract refuses both set at once). */
export interface AssigneeInput {
  assignedTo?: string | null | undefined;
  assignedContactId?: number | null | undefined;
}

export const UNASSIGNED: Assignee = { assignedTo: null, assignedContactId: null, assigneeName: null };

const fieldError = (field: string, message: string) => badRequest(message, { [field]: message });

async function memberName(tx: Db, companyId: number, userId: string): Promise<string> {
  const member = await findCompanyMember(tx, companyId, userId);
  if (!member) throw fieldError('assignedTo', 'The assignee must be a member of your company');
  return member.name;
}

async function subcontractorName(tx: Db, companyId: number, contactId: number): Promise<string> {
  const contact = await findContact(tx, companyId, contactId);
  // Another company's contact is answered exactly like a missing one.
  if (!contact) throw fieldError('assignedContactId', 'The assignee must be one of your contacts');
  if (contact.type !== 'subcontractor') {
    throw fieldError(
      'assignedContactId',
      `Only a subcontractor can be assigned a task; ${contact.name} is a ${contact.type}`,
    );
  }
  return contact.name;
}

/**
 * The assignee after a body's change to the `current` one (a new task has none), checked: the
 * member must belong to the company, the contact must be one of its subcontractors (else 400 with
 * a field error, nothing written). Undefined when the body names no assignee field, or names the
 * assignee the task already has (a form resending it keeps the name as it was).
 */
export async function assigneeChange(
  tx: Db,
  companyId: number,
  body: AssigneeInput,
  current: Assignee = UNASSIGNED,
): Promise<Assignee | undefined> {
  if (body.assignedTo === undefined && body.assignedContactId === undefined) return undefined;
  let assignedTo = body.assignedTo === undefined ? current.assignedTo : body.assignedTo;
  let assignedContactId =
    body.assignedContactId === undefined ? current.assignedContactId : body.assignedContactId;
  if (body.assignedTo) assignedContactId = null;
  if (body.assignedContactId) assignedTo = null;
  if (assignedTo === current.assignedTo && assignedContactId === current.assignedContactId) {
    // Unassigning a task whose deleted assignee left only a name clears the name too.
    return assignedTo === null && assignedContactId === null && current.assigneeName !== null
      ? UNASSIGNED
      : undefined;
  }
  if (assignedTo !== null) {
    return { assignedTo, assignedContactId: null, assigneeName: await memberName(tx, companyId, assignedTo) };
  }
  if (assignedContactId !== null) {
    const assigneeName = await subcontractorName(tx, companyId, assignedContactId);
    return { assignedTo: null, assignedContactId, assigneeName };
  }
  return UNASSIGNED;
}
