/**
 * A small local stand-in for the Stripe API, for tests: Stripe cannot be reached from the machines
 * the tests run on. The real `stripe` package is pointed at it (STRIPE_API_URL), it answers the
 * endpoints the billing provider calls with objects shaped as Stripe documents them, keeps what was
 * created so later reads see it, and records every request (method, path, decoded body, headers)
 * for the tests to assert on. Tests change Stripe's side directly through `objects`, and sign
 * webhook events with the package's own `webhooks.generateTestHeaderString`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const STAND_IN_KEYS = {
  secretKey: 'sk_test_standin',
  publishableKey: 'pk_test_standin',
  webhookSecret: 'whsec_standin',
  monthlyPrice: 'price_monthly',
  yearlyPrice: 'price_yearly',
  product: 'prod_babe',
} as const;

export interface RecordedRequest {
  method: string;
  path: string;
  /** The form body (or query string for reads), decoded into nested objects and arrays. */
  body: Record<string, unknown>;
  idempotencyKey: string | undefined;
}

type StripeObject = Record<string, unknown> & { id: string; object: string };

export interface StripeStandIn {
  /** e.g. http://127.0.0.1:40123 */
  url: string;
  /** The environment that makes the app bill through this stand-in. */
  env: Record<string, string>;
  requests: RecordedRequest[];
  /** Every object Stripe holds, by id: tests read and change them as Stripe's side would. */
  objects: Map<string, StripeObject>;
  /** The requests since the last call to `take` (and forgets them). */
  take(): RecordedRequest[];
  /** Adds a promotion code with its coupon (`percent_off` or `amount_off` in cents). */
  addPromotionCode(code: string, coupon: Record<string, unknown>, extra?: Record<string, unknown>): string;
  /** A webhook delivery of `type` about `object`, signed as Stripe signs it (or with another secret). */
  webhook(type: string, object: StripeObject, secret?: string): { payload: string; signature: string };
  close(): Promise<void>;
}

const now = () => Math.floor(Date.now() / 1000);

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const objects = new Map<string, StripeObject>();
  const requests: RecordedRequest[] = [];
  let taken = 0;
  let n = 0;
  const save = (prefix: string, fields: Record<string, unknown>) => {
    const id = `${prefix}_test${++n}`;
    const object: StripeObject = {
      id,
      object: prefix,
      livemode: false,
      created: now(),
      metadata: {},
      ...fields,
    };
    objects.set(id, object);
    return object;
  };

  for (const [id, amount, interval] of [
    [STAND_IN_KEYS.monthlyPrice, 10_000, 'month'],
    [STAND_IN_KEYS.yearlyPrice, 100_000, 'year'],
  ] as const) {
    objects.set(id, {
      id,
      object: 'price',
      active: true,
      currency: 'usd',
      unit_amount: amount,
      product: STAND_IN_KEYS.product,
      recurring: { interval, interval_count: 1 },
      type: 'recurring',
    });
  }

  const routes: [string, RegExp, (m: RegExpMatchArray, body: Record<string, unknown>) => unknown][] = [
    ['POST', /^\/v1\/customers$/, (_m, body) => save('cus', { object: 'customer', ...body })],
    ['GET', /^\/v1\/customers\/(\w+)$/, (m) => find(m[1])],
    [
      'DELETE',
      /^\/v1\/customers\/(\w+)$/,
      (m) => {
        find(m[1]);
        for (const sub of subscriptionsOf(m[1]))
          Object.assign(sub, { status: 'canceled', canceled_at: now() });
        objects.delete(m[1] ?? '');
        return { id: m[1], object: 'customer', deleted: true };
      },
    ],
    ['GET', /^\/v1\/prices\/(\w+)$/, (m) => find(m[1])],
    [
      'GET',
      /^\/v1\/promotion_codes$/,
      (_m, query) =>
        list(
          [...objects.values()].filter(
            (o) =>
              o.object === 'promotion_code' &&
              String(o.code).toUpperCase() === String(query.code).toUpperCase(),
          ),
        ),
    ],
    [
      'POST',
      /^\/v1\/subscriptions$/,
      (_m, body) => {
        const sub = save('sub', { object: 'subscription', status: 'trialing', cancel_at_period_end: false });
        const intent = save('seti', {
          object: 'setup_intent',
          status: 'requires_payment_method',
          customer: body.customer,
          usage: 'off_session',
        });
        intent.client_secret = `${intent.id}_secret_standin`;
        Object.assign(sub, { pending_setup_intent: intent.id, default_payment_method: null, ...body });
        return updateSubscription(sub, body);
      },
    ],
    ['GET', /^\/v1\/subscriptions$/, (_m, query) => list(subscriptionsOf(query.customer))],
    ['GET', /^\/v1\/subscriptions\/(\w+)$/, (m) => find(m[1])],
    ['POST', /^\/v1\/subscriptions\/(\w+)$/, (m, body) => updateSubscription(find(m[1]), body)],
    [
      'DELETE',
      /^\/v1\/subscriptions\/(\w+)$/,
      (m) => Object.assign(find(m[1]), { status: 'canceled', canceled_at: now(), ended_at: now() }),
    ],
    [
      'POST',
      /^\/v1\/setup_intents$/,
      (_m, body) => {
        const intent = save('seti', { object: 'setup_intent', status: 'requires_payment_method', ...body });
        return Object.assign(intent, { client_secret: `${intent.id}_secret_standin` });
      },
    ],
    [
      'POST',
      /^\/v1\/checkout\/sessions$/,
      (_m, body) => {
        const session = save('cs', { object: 'checkout.session', status: 'open', ...body });
        return Object.assign(session, { url: `https://checkout.stripe.com/c/pay/${session.id}` });
      },
    ],
  ];

  function find(id: string | undefined): StripeObject {
    const object = id ? objects.get(id) : undefined;
    if (!object) throw new NotFound(`No such object: '${id}'`);
    return object;
  }
  function subscriptionsOf(customer: unknown) {
    return [...objects.values()].filter((o) => o.object === 'subscription' && o.customer === customer);
  }
  function list(data: StripeObject[]) {
    return { object: 'list', data, has_more: false, url: '/v1/list' };
  }
  /** Applies a create or update body to a subscription as Stripe would: items, discounts, metadata. */
  function updateSubscription(sub: StripeObject, body: Record<string, unknown>) {
    const { items, discounts, metadata, expand: _expand, ...rest } = body;
    Object.assign(sub, rest);
    if (Array.isArray(items)) {
      const price = find(String((items[0] as { price: string }).price));
      const periodEnd = Number(sub.trial_end ?? now() + 30 * 86_400);
      sub.items = list([
        { id: `si_${sub.id}`, object: 'subscription_item', price, current_period_end: periodEnd },
      ] as StripeObject[]);
    }
    if (discounts !== undefined) {
      sub.discounts = Array.isArray(discounts)
        ? discounts.map((d) => `di_${(d as { promotion_code: string }).promotion_code}`)
        : [];
    }
    if (metadata !== undefined) sub.metadata = { ...(sub.metadata as object), ...(metadata as object) };
    if (typeof sub.trial_end === 'string') sub.trial_end = Number(sub.trial_end);
    sub.cancel_at_period_end = sub.cancel_at_period_end === true || sub.cancel_at_period_end === 'true';
    return sub;
  }

  const server = createServer((req, res) => {
    void handle(req, res);
  });
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = decodeForm(req.method === 'GET' ? url.search.slice(1) : raw);
    const key = req.headers['idempotency-key'];
    requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      body,
      idempotencyKey: typeof key === 'string' ? key : undefined,
    });
    const route = routes.find(([method, path]) => method === req.method && path.test(url.pathname));
    try {
      if (!route) throw new NotFound(`Unrecognized request URL (${req.method}: ${url.pathname})`);
      const [, path, answer] = route;
      const match = url.pathname.match(path);
      if (!match) throw new NotFound(url.pathname);
      const result = answer(match, body) as StripeObject;
      const expands = Array.isArray(body.expand) ? (body.expand as string[]) : [];
      send(res, 200, expandPaths(structuredClone(result), expands, objects));
    } catch (error) {
      if (!(error instanceof NotFound)) throw error;
      send(res, 404, {
        error: { type: 'invalid_request_error', code: 'resource_missing', message: error.message },
      });
    }
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    env: {
      STRIPE_SECRET_KEY: STAND_IN_KEYS.secretKey,
      STRIPE_PUBLISHABLE_KEY: STAND_IN_KEYS.publishableKey,
      STRIPE_WEBHOOK_SECRET: STAND_IN_KEYS.webhookSecret,
      STRIPE_PRICE_MONTHLY: STAND_IN_KEYS.monthlyPrice,
      STRIPE_PRICE_YEARLY: STAND_IN_KEYS.yearlyPrice,
      STRIPE_API_URL: url,
    },
    requests,
    objects,
    take() {
      const fresh = requests.slice(taken);
      taken = requests.length;
      return fresh;
    },
    addPromotionCode(code, coupon, extra = {}) {
      const saved = save('coupon', { object: 'coupon', valid: true, currency: null, ...coupon });
      return save('promo', {
        object: 'promotion_code',
        code,
        active: true,
        expires_at: null,
        max_redemptions: null,
        times_redeemed: 0,
        customer: null,
        promotion: { type: 'coupon', coupon: saved.id },
        restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
        ...extra,
      }).id;
    },
    webhook(type, object, secret = STAND_IN_KEYS.webhookSecret) {
      const payload = JSON.stringify({
        id: `evt_test${++n}`,
        object: 'event',
        api_version: '2026-10-28.endive',
        created: now(),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: structuredClone(object) },
      });
      return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

class NotFound extends Error {}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${Date.now()}` });
  res.end(JSON.stringify(body));
}

/** `a[b][0][c]=1` → `{a: {b: [{c: '1'}]}}`, as Stripe reads its form bodies. */
export function decodeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    path.forEach((segment, i) => {
      if (i === path.length - 1) {
        node[segment] = value;
        return;
      }
      const next = path[i + 1] ?? '';
      node[segment] ??= /^\d+$/.test(next) ? [] : {};
      node = node[segment] as Record<string, unknown>;
    });
  }
  return root;
}

/** Replaces the ids at each `expand` path (`data.promotion.coupon`) by the objects they name. */
function expandPaths(value: unknown, paths: string[], objects: Map<string, StripeObject>): unknown {
  for (const path of paths) expandOne(value, path.split('.'), objects);
  return value;
}

function expandOne(value: unknown, path: string[], objects: Map<string, StripeObject>): void {
  if (Array.isArray(value)) {
    for (const item of value) expandOne(item, path, objects);
    return;
  }
  const [head, ...tail] = path;
  if (!head || typeof value !== 'object' || value === null) return;
  const record = value as Record<string, unknown>;
  const inner = record[head];
  if (typeof inner === 'string' && objects.has(inner)) record[head] = structuredClone(objects.get(inner));
  expandOne(record[head], tail, objects);
}
