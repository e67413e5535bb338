import { z } from 'zod';

export const accountPaths = {
  delete: '/api/account/delete',
  /** What deleting the signed-in user's account would take with it. */
  deletion: '/api/account/deletion',
} as const;

/** The exact word the user types to delete their account. */
export const DELETE_CONFIRMATION = 'DELETE';

/** Anything but exactly `DELETE` (or no payload at all) is refused with "Invalid confirmation". */
export const deleteAccountBody = z.object(
  {
    confirmation: z.literal(DELETE_CONFIRMATION, { message: 'Invalid confirmation' }),
    deleteAllData: z.literal(true, { message: 'deleteAllData must be true' }),
  },
  { message: 'Invalid confirmation' },
);
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

export const deleteAccountDto = z.object({
  success: z.literal(true),
  message: z.string(),
  /** True when the user was the company's last member and the company was deleted with its data. */
  companyDeleted: z.boolean(),
});
export type DeleteAccountDto = z.infer<typeof deleteAccountDto>;

/** The company records that go when the company does, as the deletion dialog lists them. */
export const companyRecordCountsDto = z.object({
  projects: z.number().int(),
  documents: z.number().int(),
  contacts: z.number().int(),
});
export type CompanyRecordCountsDto = z.infer<typeof companyRecordCountsDto>;

/**
 * What deleting the account would do: whether the company goes with it (the user is its last
 * member), what it holds, and whether the user may (only the owner or an admin deletes a company).
 */
export const accountDeletionDto = z.object({
  companyDeleted: z.boolean(),
  companyName: z.string().nullable(),
  /** The company's records when it is deleted with the account; null when it stays. */
  counts: companyRecordCountsDto.nullable(),
  allowed: z.boolean(),
});
export type AccountDeletionDto = z.infer<typeof accountDeletionDto>;
