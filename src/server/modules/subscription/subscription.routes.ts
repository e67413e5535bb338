import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../contracts/common.js';
import {
  billingConfigDto,
  cancelSubscriptionBody,
  cancelSubscriptionDto,
  createCheckoutBody,
  createCheckoutDto,
  createTrialBody,
  createTrialDto,
  fixSubscriptionBody,
  fixSubscriptionDto,
  subscriptionPaths,
  validatePromoBody,
  validatePromoDto,
} from '../../../contracts/subscription.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { currentUser } from '../../plugins/auth-context.js';
import { createBillingProvider } from '../../providers/billing/create-billing-provider.js';
import { billingEventsService } from './billing-events.service.js';
import { stripeWebhookRoutes } from './stripe-webhook.routes.js';
import { subscriptionService } from './subscription.service.js';

const TEN_MINUTES = 10 * 60 * 1000;

/** Subscription routes stay reachable when payment is required, but need a company. */
function userAndCompany(request: FastifyRequest) {
  const user = currentUser(request);
  const company = request.auth?.company;
  if (!company) throw new AppError(403, 'no_company', 'Create or join a company first');
  return { user, company };
}

export async function subscriptionRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const billing = createBillingProvider(ctx);
  const service = subscriptionService(ctx, billing);
  const tags = ['subscription'];
  const config = { access: 'user' } as const;
  // Choosing the plan, paying and cancelling bind the whole company: its owner and admins decide.
  const managers = { access: 'manager' } as const;

  r.get(
    subscriptionPaths.config,
    {
      schema: {
        tags,
        summary: 'Which billing provider takes payments, and the publishable key of its card form',
        response: { 200: billingConfigDto, ...errorResponses },
      },
      config,
    },
    async () => service.config(),
  );

  r.post(
    subscriptionPaths.createTrial,
    {
      schema: {
        tags,
        summary:
          'Set up the trial: record the plan and applied promo; answers the card set-up secret, if any',
        body: createTrialBody,
        response: { 200: createTrialDto, ...errorResponses },
      },
      config: managers,
    },
    async (request) => {
      const { user, company } = userAndCompany(request);
      return service.createTrial(user, company, request.body);
    },
  );

  r.post(
    subscriptionPaths.validatePromo,
    {
      schema: {
        tags,
        summary: 'Check a promo code (trimmed, upper-cased); an unknown or expired code answers valid: false',
        body: validatePromoBody,
        response: { 200: validatePromoDto, ...errorResponses },
      },
      config: {
        ...config,
        // Per user, so codes cannot be guessed in bulk.
        rateLimit: {
          max: 30,
          timeWindow: TEN_MINUTES,
          keyGenerator: (request) => `promo:${request.auth?.user.id ?? request.ip}`,
        },
      },
    },
    async (request) => {
      userAndCompany(request);
      return service.validatePromo(request.body.promoCode);
    },
  );

  r.post(
    subscriptionPaths.createCheckout,
    {
      schema: {
        tags,
        summary: 'Start paying; answers the URL the browser opens next',
        body: createCheckoutBody,
        response: { 200: createCheckoutDto, ...errorResponses },
      },
      config: managers,
    },
    async (request) => {
      const { user, company } = userAndCompany(request);
      return service.createCheckout(user, company, request.body?.plan);
    },
  );

  r.post(
    subscriptionPaths.fixSubscription,
    {
      schema: {
        tags,
        summary: 'Recompute the company’s subscription status from the billing provider’s record',
        body: fixSubscriptionBody,
        response: { 200: fixSubscriptionDto, ...errorResponses },
      },
      config,
    },
    async (request) => {
      const { user, company } = userAndCompany(request);
      return service.fixSubscription(user, company);
    },
  );

  r.post(
    subscriptionPaths.cancel,
    {
      schema: {
        tags,
        summary: 'Cancel the subscription or trial; optionally delete the company’s project data',
        body: cancelSubscriptionBody,
        response: { 200: cancelSubscriptionDto, ...errorResponses },
      },
      config: managers,
    },
    async (request) => {
      const { user, company } = userAndCompany(request);
      return service.cancel(user, company, request.body?.deleteDataOnCancel === true, request.log);
    },
  );

  await app.register(async (scope) => stripeWebhookRoutes(scope, billingEventsService(ctx, billing)));
}
