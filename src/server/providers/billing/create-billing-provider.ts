import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { BillingProvider } from './billing-provider.js';
import { builtinBillingProvider } from './builtin.js';
import { stripeBillingProvider } from './stripe.js';

/** The billing provider the configuration asks for: Stripe when its secret key is set, else the built-in one. */
export function createBillingProvider(deps: { db: Db; now: () => Date; config: Config }): BillingProvider {
  const billing = deps.config.billing;
  return billing.kind === 'stripe'
    ? stripeBillingProvider({ config: billing, publicUrl: deps.config.publicUrl })
    : builtinBillingProvider(deps);
}
