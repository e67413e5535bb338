import type { Db } from '../../db/client.js';
import type { BillingProvider } from './billing-provider.js';
import { builtinBillingProvider } from './builtin.js';

/**
 * The billing provider the configuration asks for: the built-in provider is active when no Stripe
 * key is configured. No Stripe setting exists yet; the Stripe issue adds `STRIPE_SECRET_KEY` (with
 * the publishable key and webhook secret) to `config.ts` and returns its implementation here when
 * the key is set.
 */
export function createBillingProvider(deps: { db: Db; now: () => Date }): BillingProvider {
  return builtinBillingProvider(deps);
}
