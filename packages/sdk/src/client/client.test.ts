import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SvcError } from '../errors.js';
import { createSvcClient } from './client.js';
import { startTestApi, visitorToken } from './test-server.js';
import { TestStorage } from './test-storage.js';
import type { SvcClientConfig } from './types.js';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
afterEach(() => api.reset());

const PUBLICATION = 'pub-1';
const make = (config: Partial<SvcClientConfig> = {}) => {
  const storage = new TestStorage();
  return { storage, client: createSvcClient({ apiUrl: api.url, storage, ...config }) };
};
const paths = () => api.requests.map((request) => request.path);

async function rejection(promise: Promise<unknown>): Promise<SvcError> {
  const error = await promise.then(
    () => expect.fail('expected a rejection'),
    (reason: unknown) => reason,
  );
  expect(SvcError.isInstance(error)).toBe(true);
  return error as SvcError;
}

describe('createSvcClient configuration', () => {
  it('requires an absolute http(s) apiUrl', () => {
    for (const apiUrl of [undefined, '', '   ', 'api.example.com', 'ftp://example.com', 42]) {
      expect(() => createSvcClient({ apiUrl } as unknown as SvcClientConfig)).toThrow(TypeError);
    }
    expect(() => createSvcClient(undefined as unknown as SvcClientConfig)).toThrow(/apiUrl/);
  });

  it('removes a trailing slash and applies the /v1 prefix by default', async () => {
    const { client } = make({ apiUrl: `${api.url}/` });
    expect(client.baseUrl).toBe(`${api.url}/v1`);
    await client.identifyUser(PUBLICATION, 'visitor-1');
    expect(paths()).toEqual(['/v1/public/token']);
  });

  it('never doubles /v1: a base ending in /v1 with prefix "" or the default prefix', () => {
    expect(make({ apiUrl: `${api.url}/v1`, apiPathPrefix: '' }).client.baseUrl).toBe(
      `${api.url}/v1`,
    );
    expect(make({ apiUrl: `${api.url}/v1/` }).client.baseUrl).toBe(`${api.url}/v1`);
    expect(make({ apiPathPrefix: '/api/v2/' }).client.baseUrl).toBe(`${api.url}/api/v2`);
    expect(() => make({ apiPathPrefix: 'v1' })).toThrow(TypeError);
  });

  it('touches neither window nor storage at construction', () => {
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new Error('localStorage read at construction');
      },
    });
    try {
      expect(() => createSvcClient({ apiUrl: api.url })).not.toThrow();
    } finally {
      if (descriptor) Object.defineProperty(globalThis, 'localStorage', descriptor);
      else Reflect.deleteProperty(globalThis, 'localStorage');
    }
  });
});

describe('identifyUser', () => {
  it('sends the publication and external id, and stores the blob and the pointer', async () => {
    const { client, storage } = make();
    const identity = await client.identifyUser(PUBLICATION, 'visitor-1');
    expect(api.requests[0]).toMatchObject({
      method: 'POST',
      body: { scenario_uuid: PUBLICATION, external_id: 'visitor-1' },
    });
    expect(api.requests[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(storage.getItem('svc_session:app:2')!)).toEqual({
      user_token: identity.user_token,
      user_id: identity.user_id,
      application_id: 2,
      external_id: 'visitor-1',
    });
    expect(storage.getItem('svc_scenario_uuid')).toBe(PUBLICATION);
  });

  it('is idempotent: a stored, valid identity means no network call, even for a new client', async () => {
    const { client, storage } = make();
    const first = await client.identifyUser(PUBLICATION, 'visitor-1');
    const again = await client.identifyUser(PUBLICATION);
    const fresh = await createSvcClient({ apiUrl: api.url, storage }).identifyUser(
      PUBLICATION,
      'visitor-1',
    );
    expect(paths()).toHaveLength(1);
    expect(again.user_token).toBe(first.user_token);
    expect(fresh).toMatchObject({
      user_token: first.user_token,
      user_id: first.user_id,
      application_id: 2,
    });
    expect(fresh.expires_in).toBeGreaterThan(3500);
  });

  it('calls again when the stored token is within the expiry buffer, or for another visitor', async () => {
    const { client, storage } = make();
    storage.setItem(
      'svc_session:app:2',
      JSON.stringify({
        user_token: visitorToken({ lifetimeSeconds: 60 }),
        user_id: 5,
        application_id: 2,
        external_id: 'visitor-1',
      }),
    );
    storage.setItem('svc_scenario_uuid', PUBLICATION);
    await client.identifyUser(PUBLICATION);
    expect(api.requests[0]!.body).toEqual({ scenario_uuid: PUBLICATION, external_id: 'visitor-1' });
    await client.identifyUser(PUBLICATION, 'visitor-2');
    expect(paths()).toHaveLength(2);
  });

  it('generates an anonymous external id when none is given, persists it and reuses it', async () => {
    const { client, storage } = make();
    await client.identifyUser(PUBLICATION);
    const generated = (api.requests[0]!.body as { external_id: string }).external_id;
    expect(generated).toMatch(/^anon-[0-9a-f-]{36}$/);
    expect(JSON.parse(storage.getItem('svc_session:app:2')!).external_id).toBe(generated);
    // Another publication, later: the same visitor id goes with the request.
    await createSvcClient({ apiUrl: api.url, storage }).identifyUser('pub-2');
    expect(api.requests[1]!.body).toEqual({ scenario_uuid: 'pub-2', external_id: generated });
  });

  it('shares one request between two identify calls at once', async () => {
    api.answer('/v1/public/token', () => ({
      status: 200,
      delayMs: 50,
      body: { user_token: visitorToken(), user_id: 1, application_id: 2, expires_in: 3600 },
    }));
    const { client } = make();
    const [first, second] = await Promise.all([
      client.identifyUser(PUBLICATION, 'visitor-1'),
      client.identifyUser(PUBLICATION, 'visitor-1'),
    ]);
    expect(first).toEqual(second);
    expect(paths()).toHaveLength(1);
  });

  it('fails with IDENTIFY_FAILED carrying the server error and status', async () => {
    api.answer('/v1/public/token', () => ({ status: 404, body: { error: 'unknown publication' } }));
    const error = await rejection(make().client.identifyUser('missing', 'visitor-1'));
    expect(error.code).toBe('IDENTIFY_FAILED');
    expect(error.status).toBe(404);
    expect(error.message).toContain('unknown publication');
  });

  it('fails with IDENTIFY_FAILED on an invalid answer and on a network failure', async () => {
    api.answer('/v1/public/token', () => ({ status: 200, body: { user_token: 'x' } }));
    const invalid = await rejection(make().client.identifyUser(PUBLICATION, 'visitor-1'));
    expect(invalid.message).toMatch(/invalid response: user_id/);
    api.answer('/v1/public/token', () => ({ status: 502, text: '<html>bad gateway</html>' }));
    expect((await rejection(make().client.identifyUser(PUBLICATION, 'v'))).status).toBe(502);

    const closed = await startTestApi();
    await closed.close();
    const error = await rejection(
      createSvcClient({ apiUrl: closed.url, storage: null }).identifyUser(PUBLICATION, 'visitor-1'),
    );
    expect(error.code).toBe('IDENTIFY_FAILED');
    expect(error.cause).toBeInstanceOf(Error);
  });

  it('rejects with the abort reason when its signal aborts', async () => {
    api.answer('/v1/public/token', () => ({ status: 200, delayMs: 500, body: {} }));
    const controller = new AbortController();
    const pending = make().client.identifyUser(PUBLICATION, 'visitor-1', controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('startSession', () => {
  it('needs a stored identity: a clear SESSION_START_FAILED and no request', async () => {
    const error = await rejection(make().client.startSession(PUBLICATION));
    expect(error.code).toBe('SESSION_START_FAILED');
    expect(error.message).toMatch(/identifyUser/);
    expect(paths()).toEqual([]);
  });

  it('maps the defaults: audio in and out, no language, with the Bearer token', async () => {
    const { client, storage } = make();
    const { user_token } = await client.identifyUser(PUBLICATION, 'visitor-1');
    const credentials = await client.startSession(PUBLICATION);
    expect(credentials).toEqual({
      rt_token: 'rt-token',
      rt_url: 'ws://127.0.0.1:7880',
      expires_in: 600,
    });
    const request = api.requests[1]!;
    expect(request.path).toBe('/v1/public/session');
    expect(request.headers.authorization).toBe(`Bearer ${user_token}`);
    expect(request.body).toEqual({
      scenario_uuid: PUBLICATION,
      input_mode: 'audio',
      output_mode: 'audio',
    });
    // Transport credentials are never stored.
    expect([...storage.items.values()].join()).not.toContain('rt-token');
  });

  it('maps every option to the wire body', async () => {
    const { client } = make();
    await client.identifyUser(PUBLICATION, 'visitor-1');
    await client.startSession(PUBLICATION, {
      inputMode: 'text',
      outputMode: 'text',
      language: 'fr-FR',
      sessionOptions: { resumeConversationId: 'c-9', metadata: { page: '/shoes' } },
    });
    expect(api.requests[1]!.body).toEqual({
      scenario_uuid: PUBLICATION,
      input_mode: 'text',
      output_mode: 'text',
      language: 'fr-FR',
      resume_conversation_id: 'c-9',
      metadata: { page: '/shoes' },
    });
  });

  it('surfaces the server error with its status', async () => {
    api.answer('/v1/public/session', () => ({
      status: 403,
      body: { error: 'origin not allowed' },
    }));
    const { client } = make();
    await client.identifyUser(PUBLICATION, 'visitor-1');
    const error = await rejection(client.startSession(PUBLICATION));
    expect(error).toMatchObject({ code: 'SESSION_START_FAILED', status: 403 });
    expect(error.message).toContain('origin not allowed');
  });
});

describe('stored identity', () => {
  it('getValidUserToken returns the stored token, else re-identifies silently', async () => {
    const { client, storage } = make();
    const { user_token } = await client.identifyUser(PUBLICATION, 'visitor-1');
    expect(await client.getValidUserToken()).toBe(user_token);
    expect(paths()).toHaveLength(1);

    const blob = JSON.parse(storage.getItem('svc_session:app:2')!);
    storage.setItem(
      'svc_session:app:2',
      JSON.stringify({ ...blob, user_token: visitorToken({ lifetimeSeconds: 30 }) }),
    );
    const renewed = await createSvcClient({ apiUrl: api.url, storage }).getValidUserToken();
    expect(renewed).not.toBe(user_token);
    expect(api.requests[1]!.body).toEqual({ scenario_uuid: PUBLICATION, external_id: 'visitor-1' });
  });

  it('getValidUserToken({ renew }) identifies again as the same visitor, valid token or not', async () => {
    const { client } = make();
    const { user_token } = await client.identifyUser(PUBLICATION, 'visitor-1');
    const renewed = await client.getValidUserToken({ renew: true });
    expect(renewed).not.toBe(user_token);
    expect(client.getStoredUserToken(PUBLICATION)).toBe(renewed);
    expect(api.requests.map((request) => request.body)).toEqual([
      { scenario_uuid: PUBLICATION, external_id: 'visitor-1' },
      { scenario_uuid: PUBLICATION, external_id: 'visitor-1' },
    ]);
  });

  it('getValidUserToken fails clearly when nobody was identified', async () => {
    expect((await rejection(make().client.getValidUserToken())).code).toBe('IDENTIFY_FAILED');
  });

  it('reads the token, user id and application id synchronously', async () => {
    const { client, storage } = make();
    expect(client.getStoredUserToken()).toBeNull();
    expect(client.getSessionUserId()).toBeNull();
    const identity = await client.identifyUser(PUBLICATION, 'visitor-1');
    const reader = createSvcClient({ apiUrl: api.url, storage });
    expect(reader.getStoredUserToken()).toBe(identity.user_token);
    expect(reader.getStoredUserToken(PUBLICATION)).toBe(identity.user_token);
    expect(reader.getStoredUserToken(undefined, 2)).toBe(identity.user_token);
    expect(reader.getStoredUserToken('other-publication')).toBeNull();
    expect(reader.getSessionUserId()).toBe(identity.user_id);
    expect(reader.getSessionApplicationId()).toBe(2);
  });

  it('clearStoredSession(scenario) removes its blob and the pointer; without one, everything', async () => {
    const { client, storage } = make();
    storage.setItem('unrelated', 'kept');
    await client.identifyUser(PUBLICATION, 'visitor-1');
    client.clearStoredSession(PUBLICATION);
    expect(storage.getItem('svc_session:app:2')).toBeNull();
    expect(storage.getItem('svc_scenario_uuid')).toBeNull();

    await client.identifyUser(PUBLICATION, 'visitor-1');
    storage.setItem('svc_user_id', '4');
    client.clearStoredSession();
    expect([...storage.items.keys()]).toEqual(['unrelated']);
  });

  it('joins the storage prefix with an underscore', async () => {
    const { client, storage } = make({ storagePrefix: 'shop' });
    await client.identifyUser(PUBLICATION, 'visitor-1');
    expect([...storage.items.keys()].sort()).toEqual([
      'shop_svc_scenario_uuid',
      'shop_svc_session:app:2',
    ]);
    client.clearStoredSession();
    expect(storage.items.size).toBe(0);
  });
});

describe('legacy storage', () => {
  const legacy = (userId = 7) => ({
    user_token: visitorToken({ userId }),
    user_id: userId,
    application_id: 2,
    external_id: 'old-visitor',
  });

  it('consolidates the flat keys into the blob and deletes them', async () => {
    const { client, storage } = make();
    const old = legacy();
    storage.setItem('svc_user_token', old.user_token);
    storage.setItem('svc_user_id', '7');
    storage.setItem('svc_application_id', '2');
    storage.setItem('svc_external_id', 'old-visitor');
    const identity = await client.identifyUser(PUBLICATION);
    expect(paths()).toEqual([]);
    expect(identity.user_id).toBe(7);
    expect(JSON.parse(storage.getItem('svc_session:app:2')!)).toEqual(old);
    expect([...storage.items.keys()].sort()).toEqual(['svc_scenario_uuid', 'svc_session:app:2']);
  });

  it('consolidates a per-scenario blob and deletes it', async () => {
    const { client, storage } = make({ storagePrefix: 'shop' });
    storage.setItem(`shop_svc_session:${PUBLICATION}`, JSON.stringify(legacy(8)));
    expect(client.getStoredUserToken(PUBLICATION)).toBe(
      legacy(8).user_token.slice(0, 0) + client.getStoredUserToken(PUBLICATION),
    );
    expect(storage.getItem(`shop_svc_session:${PUBLICATION}`)).toBeNull();
    expect(JSON.parse(storage.getItem('shop_svc_session:app:2')!).user_id).toBe(8);
  });

  it('reads the two older platform keys once as a fallback', async () => {
    const { client, storage } = make();
    storage.setItem('user_token', visitorToken({ userId: 9, lifetimeSeconds: 10 }));
    storage.setItem('external_id', 'platform-visitor');
    await client.identifyUser(PUBLICATION);
    // The token was expired, but the visitor id is kept for the new identity.
    expect(api.requests[0]!.body).toEqual({
      scenario_uuid: PUBLICATION,
      external_id: 'platform-visitor',
    });
    expect(storage.getItem('user_token')).toBeNull();
    expect(storage.getItem('external_id')).toBeNull();
  });

  it('ignores corrupt JSON with a warning and identifies again', async () => {
    const warnings: string[] = [];
    const { client, storage } = make({ onWarning: (message) => warnings.push(message) });
    storage.setItem('svc_session:app:2', '{not json');
    storage.setItem('svc_scenario_uuid', PUBLICATION);
    const identity = await client.identifyUser(PUBLICATION, 'visitor-1');
    expect(identity.user_token).toBeTruthy();
    expect(warnings.some((warning) => warning.includes('svc_session:app:2'))).toBe(true);
  });

  it('falls back to memory when storage throws, with a warning, and identify still works', async () => {
    const warnings: unknown[] = [];
    const throwing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => {},
    };
    const client = createSvcClient({
      apiUrl: api.url,
      storage: throwing,
      onWarning: (_, cause) => warnings.push(cause),
    });
    const identity = await client.identifyUser(PUBLICATION, 'visitor-1');
    expect(await client.identifyUser(PUBLICATION, 'visitor-1')).toEqual(
      expect.objectContaining({ user_token: identity.user_token }),
    );
    expect(paths()).toHaveLength(1);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toBeInstanceOf(DOMException);
  });

  it("keeps a returning visitor on a storage of the contract's three methods, and clears it all", async () => {
    const items = new Map<string, string>();
    // getItem, setItem and removeItem only: no length, no key(), nothing to list keys with.
    const storage = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    };
    const first = await createSvcClient({ apiUrl: api.url, storage }).identifyUser(PUBLICATION);
    // A new page: a new client on the same storage, with no external id given.
    const returning = createSvcClient({ apiUrl: api.url, storage });
    const again = await returning.identifyUser(PUBLICATION);
    expect(again.user_id).toBe(first.user_id);
    expect(again.user_token).toBe(first.user_token);
    expect(paths()).toHaveLength(1);
    expect(returning.getStoredUserToken(PUBLICATION)).toBe(first.user_token);

    createSvcClient({ apiUrl: api.url, storage }).clearStoredSession();
    expect([...items.keys()]).toEqual([]);
  });

  it('clears one publication on a storage of three methods and keeps the others', async () => {
    const items = new Map<string, string>();
    const storage = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    };
    await createSvcClient({ apiUrl: api.url, storage }).identifyUser(PUBLICATION, 'visitor-1');
    const client = createSvcClient({ apiUrl: api.url, storage });
    client.clearStoredSession(PUBLICATION);
    expect([...items.keys()]).toEqual([]);
    expect(client.getStoredUserToken(PUBLICATION)).toBeNull();
  });

  it('uses browser local storage by default, found on first use', async () => {
    const storage = new TestStorage();
    Object.defineProperty(globalThis, 'localStorage', { configurable: true, value: storage });
    try {
      await createSvcClient({ apiUrl: api.url }).identifyUser(PUBLICATION, 'visitor-1');
      expect(storage.getItem('svc_scenario_uuid')).toBe(PUBLICATION);
    } finally {
      Reflect.deleteProperty(globalThis, 'localStorage');
    }
    // With no browser storage (a server), identity lives in memory.
    const server = createSvcClient({ apiUrl: api.url });
    await server.identifyUser(PUBLICATION, 'visitor-1');
    expect(server.getSessionApplicationId()).toBe(2);
  });
});
