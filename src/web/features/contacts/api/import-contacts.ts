import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactPaths } from '@/contracts/contacts';
import {
  type ContactImportDto,
  type ContactImportMapping,
  type ContactImportMode,
  contactImportDto,
} from '@/contracts/contacts-import';
import { ApiError } from '@/web/lib/api-client';
import { contactKeys } from './keys';

export interface ContactImportInput {
  file: File;
  /** Without a mapping the server guesses the columns from the headers. */
  mapping?: ContactImportMapping | undefined;
}

/** POST /api/contacts/import: multipart with the file, the mode and the mapping as JSON. */
async function importContacts(mode: ContactImportMode, { file, mapping }: ContactImportInput) {
  const form = new FormData();
  form.append('mode', mode);
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  form.append('file', file, file.name);
  const res = await fetch(contactPaths.import, {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json' },
    body: form,
  });
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text().catch(() => ''));
  return contactImportDto.parse(await res.json());
}

/** What the file would give: nothing is written. */
export function usePreviewContactImport() {
  return useMutation({
    mutationFn: (input: ContactImportInput): Promise<ContactImportDto> => importContacts('preview', input),
  });
}

/** Creates the new contacts of the file (all of them or none) and refreshes the contact lists. */
export function useCommitContactImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ContactImportInput): Promise<ContactImportDto> => importContacts('commit', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.all() }),
  });
}
