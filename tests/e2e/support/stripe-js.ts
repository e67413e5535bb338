/**
 * A stand-in for Stripe.js in the browser tests: the machines the tests run on cannot reach
 * js.stripe.com, so the test answers the page's request for the script itself (Playwright's
 * `page.route`) — with this small script, or with a failure to test the page without Stripe.js.
 * The stand-in draws a plain card form where the real one draws Stripe's frame, and records the
 * publishable key it was started with, the client secret of the form, and each confirmation.
 */
import type { Page } from 'playwright-core';

/** What the stand-in recorded, read from the page. */
export interface StripeJsRecord {
  publishableKey: string | null;
  clientSecret: string | null;
  mounted: string[];
  confirmations: { returnUrl: string | null; redirect: string | null }[];
}

const SCRIPT = `(() => {
  const record = { publishableKey: null, clientSecret: null, mounted: [], confirmations: [] };
  window.__stripeJs = record;
  function element(type) {
    const listeners = {};
    let mounted = false;
    const fire = (event, data) => (listeners[event] || []).forEach((cb) => setTimeout(() => cb(data)));
    return {
      mount(target) {
        const node = typeof target === 'string' ? document.querySelector(target) : target;
        node.innerHTML =
          '<div data-stripe-js-stand-in="' + type + '" style="display:grid;gap:8px">' +
          '<label style="display:grid;gap:4px;font-size:14px">Card number' +
          '<input value="4242 4242 4242 4242" style="box-sizing:border-box;width:100%;min-width:0;border:1px solid #cbd5e1;border-radius:6px;padding:8px"></label>' +
          '<div style="display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:8px">' +
          '<label style="display:grid;gap:4px;font-size:14px">Expiration<input value="12 / 34" style="box-sizing:border-box;width:100%;min-width:0;border:1px solid #cbd5e1;border-radius:6px;padding:8px"></label>' +
          '<label style="display:grid;gap:4px;font-size:14px">CVC<input value="123" style="box-sizing:border-box;width:100%;min-width:0;border:1px solid #cbd5e1;border-radius:6px;padding:8px"></label>' +
          '</div></div>';
        mounted = true;
        record.mounted.push(type);
        fire('ready', { elementType: type });
      },
      on(event, cb) {
        (listeners[event] = listeners[event] || []).push(cb);
        if (event === 'ready' && mounted) setTimeout(() => cb({ elementType: type }));
        return this;
      },
      off(event, cb) {
        listeners[event] = (listeners[event] || []).filter((f) => f !== cb);
        return this;
      },
      update() {}, destroy() { if (mounted) record.mounted.splice(record.mounted.indexOf(type), 1); mounted = false; }, unmount() { mounted = false; },
      focus() {}, blur() {}, clear() {}, collapse() {},
    };
  }
  function Stripe(publishableKey) {
    record.publishableKey = publishableKey;
    return {
      elements(options) {
        record.clientSecret = (options && options.clientSecret) || null;
        return { create: element, update() {}, getElement() { return null; }, submit: async () => ({}) };
      },
      async confirmSetup(options) {
        record.confirmations.push({
          returnUrl: (options.confirmParams && options.confirmParams.return_url) || null,
          redirect: options.redirect || null,
        });
        return { setupIntent: { id: 'seti_confirmed', status: 'succeeded' } };
      },
      createToken: async () => ({}),
      createPaymentMethod: async () => ({}),
      confirmCardPayment: async () => ({}),
      _registerWrapper() {},
      registerAppInfo() {},
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();`;

/** Where @stripe/stripe-js loads Stripe.js from. */
export const STRIPE_JS_PATH = '/endive/stripe.js';

/** Answers the page's requests for Stripe.js: the stand-in, or (unavailable) a 503 as when it cannot load. */
export async function serveStripeJs(page: Page, available: boolean): Promise<void> {
  await page.unroute('https://js.stripe.com/**');
  await page.route('https://js.stripe.com/**', (route) =>
    available
      ? route.fulfill({ status: 200, contentType: 'application/javascript', body: SCRIPT })
      : route.fulfill({ status: 503, contentType: 'text/plain', body: 'unavailable' }),
  );
}

export function stripeJsRecord(page: Page): Promise<StripeJsRecord> {
  return page.evaluate(() => (window as unknown as { __stripeJs: StripeJsRecord }).__stripeJs);
}
