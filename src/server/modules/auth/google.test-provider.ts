/**
 * A real OpenID Connect provider (oidc-provider) for the Google sign-in tests, standing in for
 * accounts.google.com on 127.0.0.1, plus a minimal browser (cookie jar, manual redirects) that
 * signs in and consents there. Test support only: nothing in the app imports it.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Adapter, type AdapterPayload, type JWK } from 'oidc-provider';

export interface ProviderAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
  picture: string;
}

export interface TestProvider {
  issuer: string;
  /** The accounts the provider knows, by subject; tests add to it. */
  accounts: Map<string, ProviderAccount>;
  /** How many times the discovery document was fetched. */
  discoveryRequests(): number;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 (on `port`, or a free one) with one registered confidential client. */
export async function startTestProvider(opts: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  port?: number;
}): Promise<TestProvider> {
  const accounts = new Map<string, ProviderAccount>();
  let discoveries = 0;
  let handle: RequestListener | undefined;
  const server: Server = createServer((req, res) => {
    if (!handle) {
      res.statusCode = 503;
      res.end();
      return;
    }
    handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', resolve);
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uris: [opts.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...signingKey, use: 'sig', kid: 'test-key' } as JWK] },
    cookies: { keys: ['test-provider-cookie-key'] },
    adapter: memoryAdapter(),
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    // Like Google: the ID token of a code flow carries the email and profile claims.
    conformIdTokenClaims: false,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'picture'],
    },
    // An authorization request without a PKCE challenge is refused.
    pkce: { required: () => true, methods: ['S256'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ ...account }) };
    },
  });
  const oidcCallback = provider.callback();

  // Our own minimal interaction endpoints, standing in for Google's sign-in and consent pages:
  // GET /interaction/:uid answers the pending prompt as JSON; POST …/login, …/consent, …/abort finish it.
  handle = (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    if (url.pathname === '/.well-known/openid-configuration') discoveries++;
    const match = /^\/interaction\/([^/]+)(?:\/(login|consent|abort))?$/.exec(url.pathname);
    if (!match) {
      oidcCallback(req, res);
      return;
    }
    const action = match[2];
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      if (!action) {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ uid: details.uid, prompt: details.prompt.name }));
        return;
      }
      if (action === 'abort') {
        await provider.interactionFinished(
          req,
          res,
          { error: 'access_denied', error_description: 'End-User aborted interaction' },
          { mergeWithLastSubmission: false },
        );
      } else if (action === 'login') {
        const account = new URLSearchParams(await readBody(req)).get('account') ?? '';
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: account } },
          { mergeWithLastSubmission: false },
        );
      } else {
        const { prompt, params, session } = details;
        const grant = details.grantId
          ? await provider.Grant.find(details.grantId)
          : new provider.Grant({ accountId: session?.accountId ?? '', clientId: String(params.client_id) });
        if (!grant) throw new Error('grant not found');
        const missingScope = prompt.details.missingOIDCScope;
        if (Array.isArray(missingScope)) grant.addOIDCScope(missingScope.join(' '));
        const missingClaims = prompt.details.missingOIDCClaims;
        if (Array.isArray(missingClaims)) grant.addOIDCClaims(missingClaims as string[]);
        await provider.interactionFinished(
          req,
          res,
          { consent: { grantId: await grant.save() } },
          { mergeWithLastSubmission: true },
        );
      }
    })().catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  };

  return {
    issuer,
    accounts,
    discoveryRequests: () => discoveries,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** The provider's storage for this provider's lifetime (its own in-memory adapter warns on every start). */
function memoryAdapter(): (name: string) => Adapter {
  const store = new Map<string, AdapterPayload>();
  return (name) => {
    const key = (id: string) => `${name}:${id}`;
    const all = () => [...store].filter(([k]) => k.startsWith(`${name}:`)).map(([, v]) => v);
    return {
      async upsert(id, payload) {
        store.set(key(id), payload);
      },
      async find(id) {
        return store.get(key(id));
      },
      async findByUid(uid) {
        return all().find((p) => p.uid === uid);
      },
      async findByUserCode(userCode) {
        return all().find((p) => p.userCode === userCode);
      },
      async consume(id) {
        const payload = store.get(key(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        store.delete(key(id));
      },
      async revokeByGrantId(grantId) {
        for (const [k, v] of store) if (v.grantId === grantId) store.delete(k);
      },
    };
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** A browser at the provider: keeps the provider's cookies and follows redirects by hand. */
export class ProviderBrowser {
  private readonly cookies = new Map<string, string>();

  async fetch(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const res = await fetch(url, { method: init.method ?? 'GET', headers, body, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => {
        const [k = '', v = ''] = a.split('=').map((s) => s.trim());
        if (k.toLowerCase() === 'max-age') return Number(v) <= 0;
        if (k.toLowerCase() === 'expires') return new Date(v).getTime() <= Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /**
   * Follows an authorization URL through the provider's sign-in and consent as `account`
   * (or refuses consent when `deny`), until the provider redirects to `appOrigin`; answers that URL.
   */
  async authorize(authorizationUrl: string, appOrigin: string, account: string, deny = false): Promise<URL> {
    let next = authorizationUrl;
    for (let hop = 0; hop < 12; hop++) {
      if (next.startsWith(`${appOrigin}/`)) return new URL(next);
      const res = await this.fetch(next);
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        next = new URL(location, next).href;
        continue;
      }
      if (res.status !== 200)
        throw new Error(`provider answered ${res.status} at ${next}: ${await res.text()}`);
      const { uid, prompt } = (await res.json()) as { uid: string; prompt: string };
      const base = new URL(`/interaction/${uid}`, next).href;
      const done = deny
        ? await this.fetch(`${base}/abort`, { method: 'POST' })
        : prompt === 'login'
          ? await this.fetch(`${base}/login`, { method: 'POST', form: { account } })
          : await this.fetch(`${base}/consent`, { method: 'POST' });
      const after = done.headers.get('location');
      if (!after) throw new Error(`interaction ${prompt} answered ${done.status}: ${await done.text()}`);
      next = new URL(after, base).href;
    }
    throw new Error(`too many redirects from ${authorizationUrl}`);
  }
}
