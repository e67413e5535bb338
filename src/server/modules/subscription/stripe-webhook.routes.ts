import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorDto, errorResponses } from '../../../contracts/common.js';
import { stripeWebhookBody, stripeWebhookDto, subscriptionPaths } from '../../../contracts/subscription.js';
import type { billingEventsService } from './billing-events.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request body exactly as received (the Stripe webhook only, whose signature covers these bytes). */
    rawBody: Buffer | null;
  }
}

/**
 * POST /api/stripe/webhook, in a scope of its own: Stripe signs the exact bytes it sends, so this
 * scope's JSON parser keeps the raw body beside the parsed one (every other route keeps the app's
 * parser). Public: a delivery is authorised by its signature, not by a session.
 */
export async function stripeWebhookRoutes(
  scope: FastifyInstance,
  events: ReturnType<typeof billingEventsService>,
) {
  const parseJson = scope.getDefaultJsonParser('error', 'error');
  scope.removeAllContentTypeParsers();
  scope.decorateRequest('rawBody', null);
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const raw = body as Buffer;
    request.rawBody = raw;
    // Fastify's parser answers through `done`; its declared return value is never a promise here.
    void parseJson(request, raw.toString('utf8'), done);
  });

  scope.withTypeProvider<ZodTypeProvider>().post(
    subscriptionPaths.stripeWebhook,
    {
      schema: {
        tags: ['subscription'],
        summary:
          'Stripe events (signed with STRIPE_WEBHOOK_SECRET); each is handled once, by re-reading the subscription',
        body: stripeWebhookBody,
        response: { 200: stripeWebhookDto, ...errorResponses, 502: errorDto },
      },
      config: { access: 'public' },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      return events.receive(
        request.rawBody ?? Buffer.alloc(0),
        typeof signature === 'string' ? signature : undefined,
      );
    },
  );
}
