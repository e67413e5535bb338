import { twoFactorApi } from '@/contracts/two-factor';

export const twoFactorKeys = { status: () => [twoFactorApi.status] as const };
