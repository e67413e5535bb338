import { isPlainObject, type Parsed, parsed, parseJsonText, refused } from './result.js';

/**
 * A task's checklist: top-level items numbered 1, 2, … and sub-items numbered 1a, 1b, ….
 * Only top-level items have sub-items; deleting an item deletes its sub-items.
 */
export interface PunchlistItem {
  id: string;
  text: string;
  completed: boolean;
  /** ISO 8601 timestamp. */
  createdAt: string;
  level: 0 | 1;
  /** The top-level item a sub-item belongs to; null for top-level items. */
  parentId: string | null;
}

export type Punchlist = PunchlistItem[];

export const PUNCHLIST_TEXT_MAX = 500;
export const PUNCHLIST_MAX_ITEMS = 500;

const ITEM_KEYS = ['id', 'text', 'completed', 'createdAt', 'level', 'parentId'] as const;

export type PunchlistAction =
  | { type: 'add'; id: string; text: string; createdAt: string; parentId?: string | null }
  | { type: 'toggle'; id: string }
  | { type: 'setCompleted'; id: string; completed: boolean }
  | { type: 'delete'; id: string }
  | { type: 'reset' };

/** Whether a sub-item may be added under `parentId`: it must be a top-level item of the list. */
export function canHaveSubItems(list: Punchlist, parentId: string): boolean {
  return list.some((i) => i.id === parentId && i.level === 0);
}

/**
 * Adds an item (trimmed text). A sub-item goes right after its parent's last sub-item. Refused (the
 * list unchanged) when the text is empty, the id is taken, or the parent is not a top-level item.
 */
export function addItem(
  list: Punchlist,
  input: { id: string; text: string; createdAt: string; parentId?: string | null },
): Punchlist {
  const text = input.text.trim();
  if (!text || text.length > PUNCHLIST_TEXT_MAX || !input.id || list.some((i) => i.id === input.id)) {
    return list;
  }
  if (list.length >= PUNCHLIST_MAX_ITEMS) return list;
  const parentId = input.parentId ?? null;
  if (parentId === null) {
    return [
      ...list,
      { id: input.id, text, completed: false, createdAt: input.createdAt, level: 0, parentId },
    ];
  }
  if (!canHaveSubItems(list, parentId)) return list;
  const item: PunchlistItem = {
    id: input.id,
    text,
    completed: false,
    createdAt: input.createdAt,
    level: 1,
    parentId,
  };
  let at = list.findIndex((i) => i.id === parentId) + 1;
  while (at < list.length && list[at]?.parentId === parentId) at++;
  return [...list.slice(0, at), item, ...list.slice(at)];
}

export function setCompleted(list: Punchlist, id: string, completed: boolean): Punchlist {
  return list.map((i) => (i.id === id ? { ...i, completed } : i));
}

export function toggleItem(list: Punchlist, id: string): Punchlist {
  return list.map((i) => (i.id === id ? { ...i, completed: !i.completed } : i));
}

/** Deletes an item and, for a top-level item, its sub-items. */
export function deleteItem(list: Punchlist, id: string): Punchlist {
  return list.filter((i) => i.id !== id && i.parentId !== id);
}

/** Every item not completed (a copied task starts its checklist afresh). */
export function resetPunchlist(list: Punchlist): Punchlist {
  return list.map((i) => ({ ...i, completed: false }));
}

export function applyPunchlist(list: Punchlist, action: PunchlistAction): Punchlist {
  switch (action.type) {
    case 'add':
      return addItem(list, action);
    case 'toggle':
      return toggleItem(list, action.id);
    case 'setCompleted':
      return setCompleted(list, action.id, action.completed);
    case 'delete':
      return deleteItem(list, action.id);
    case 'reset':
      return resetPunchlist(list);
  }
}

export interface NumberedItem {
  item: PunchlistItem;
  /** "1", "2", … for top-level items; "1a", "1b", … for sub-items. */
  label: string;
}

/** Sub-item letters: a … z, then aa, ab, …. */
function letters(n: number): string {
  let s = '';
  let k = n;
  do {
    s = String.fromCharCode(97 + (k % 26)) + s;
    k = Math.floor(k / 26) - 1;
  } while (k >= 0);
  return s;
}

/** The list in display order (each top-level item followed by its sub-items), with its labels. */
export function numberPunchlist(list: Punchlist): NumberedItem[] {
  const out: NumberedItem[] = [];
  let n = 0;
  for (const top of list) {
    if (top.level !== 0) continue;
    n += 1;
    out.push({ item: top, label: String(n) });
    let k = 0;
    for (const sub of list) {
      if (sub.level === 1 && sub.parentId === top.id) out.push({ item: sub, label: `${n}${letters(k++)}` });
    }
  }
  return out;
}

/** The header's "done/total Complete" and percentage, over every item and sub-item. */
export function punchlistSummary(list: Punchlist): { done: number; total: number; percent: number } {
  const done = list.filter((i) => i.completed).length;
  const total = list.length;
  return { done, total, percent: total === 0 ? 0 : Math.round((done / total) * 100) };
}

/** Why a list breaks the rules, or null when it keeps them. */
export function punchlistProblem(list: Punchlist): string | null {
  if (list.length > PUNCHLIST_MAX_ITEMS) return `has more than ${PUNCHLIST_MAX_ITEMS} items`;
  const byId = new Map<string, PunchlistItem>();
  for (const item of list) {
    if (byId.has(item.id)) return `has two items with the id "${item.id}"`;
    byId.set(item.id, item);
  }
  for (const item of list) {
    if (item.level === 0 && item.parentId !== null) return `top-level item "${item.id}" cannot have a parent`;
    if (item.level === 1) {
      if (item.parentId === null) return `sub-item "${item.id}" needs a parent`;
      const parent = byId.get(item.parentId);
      if (!parent) return `sub-item "${item.id}" refers to a missing parent "${item.parentId}"`;
      if (parent.level !== 0)
        return `sub-item "${item.id}" is under another sub-item; only top-level items have sub-items`;
    }
  }
  return null;
}

export function isValidPunchlist(list: Punchlist): boolean {
  return punchlistProblem(list) === null;
}

function readItem(value: unknown, at: number): Parsed<PunchlistItem> {
  const where = `item ${at + 1}`;
  if (!isPlainObject(value)) return refused(`${where} must be an object`);
  for (const key of Object.keys(value)) {
    if (!(ITEM_KEYS as readonly string[]).includes(key)) {
      return refused(`${where} has an unknown field "${key}" (allowed: ${ITEM_KEYS.join(', ')})`);
    }
  }
  const { id, text, completed, createdAt, level, parentId } = value;
  const itemId = typeof id === 'number' && Number.isFinite(id) ? String(id) : id;
  if (typeof itemId !== 'string' || itemId.length === 0 || itemId.length > 100) {
    return refused(`${where} needs an id (text)`);
  }
  if (typeof text !== 'string' || text.trim().length === 0) return refused(`${where} needs a text`);
  if (text.trim().length > PUNCHLIST_TEXT_MAX) {
    return refused(`${where} text is longer than ${PUNCHLIST_TEXT_MAX} characters`);
  }
  if (typeof completed !== 'boolean') return refused(`${where} "completed" must be true or false`);
  if (typeof createdAt !== 'string' || Number.isNaN(Date.parse(createdAt))) {
    return refused(`${where} needs a createdAt date`);
  }
  const itemLevel = level ?? 0;
  if (itemLevel !== 0 && itemLevel !== 1) return refused(`${where} level must be 0 or 1`);
  const parent = typeof parentId === 'number' && Number.isFinite(parentId) ? String(parentId) : parentId;
  if (parent !== undefined && parent !== null && typeof parent !== 'string') {
    return refused(`${where} parentId must be an id or null`);
  }
  return parsed({
    id: itemId,
    text: text.trim(),
    completed,
    createdAt,
    level: itemLevel,
    parentId: parent ?? null,
  });
}

/** Reads a checklist from outside data: a list of items of the right shape that keeps the rules. */
export function readPunchlist(value: unknown): Parsed<Punchlist> {
  if (!Array.isArray(value)) return refused('must be a list of items');
  const list: Punchlist = [];
  for (const [i, raw] of value.entries()) {
    const item = readItem(raw, i);
    if (!item.ok) return item;
    list.push(item.value);
  }
  const problem = punchlistProblem(list);
  return problem ? refused(problem) : parsed(list);
}

/** Reads a checklist from its stored JSON text; empty text is an empty list. */
export function parsePunchlist(text: string | null | undefined): Parsed<Punchlist> {
  if (text === null || text === undefined || text.trim() === '') return parsed([]);
  const json = parseJsonText(text);
  return json.ok ? readPunchlist(json.value) : json;
}

export function serializePunchlist(list: Punchlist): string {
  return JSON.stringify(list);
}
