import { z } from 'zod';

export const accountPaths = { delete: '/api/account/delete' } as const;

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
