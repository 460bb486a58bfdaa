import { SignJWT } from 'jose';
import { beforeAll, expect, it } from 'vitest';
import { AGENT_KEY, describeOnBothDialects } from '../test-harness.js';
import { scriptedDriver } from '../test-runs/scripted-driver.js';
import { TEST_SIGNING_KEY } from '../testing/index.js';
import { contentBody, fillContent } from './content-table.js';
import { bearer, callOperation, operationsUnder, urlOf, type Operation } from './operations.js';
import { seedTenants, type TenantA } from './tenants.js';

// OWASP API2 (broken authentication) for visitor tokens: a token the API did not sign as it signs
// them (HS256 under a known kid, issuer `svc`, audience `svc:visitor`, within its lifetime) opens
// neither session start nor any visitor operation: 401 `{ error }` for each.

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

/** Signs `claims` as the API would, with each part overridable. */
async function sign(
  claims: Record<string, unknown>,
  options: {
    alg?: string;
    kid?: string;
    secret?: string;
    issuer?: string;
    audience?: string;
    iat?: number;
    exp?: number;
    nbf?: number;
  } = {},
): Promise<string> {
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: options.alg ?? 'HS256', kid: options.kid ?? TEST_SIGNING_KEY.kid })
    .setIssuer(options.issuer ?? 'svc')
    .setAudience(options.audience ?? 'svc:visitor')
    .setIssuedAt(options.iat ?? now())
    .setExpirationTime(options.exp ?? now() + 3600);
  if (options.nbf !== undefined) jwt.setNotBefore(options.nbf);
  return jwt.sign(new TextEncoder().encode(options.secret ?? TEST_SIGNING_KEY.secret));
}

const scripted = scriptedDriver();

describeOnBothDialects(
  'visitor token attacks',
  (harness) => {
    let a: TenantA;
    let operations: Operation[] = [];
    let claims: Record<string, unknown> = {};
    let attacks: [string, string][] = [];
    beforeAll(async () => {
      ({ a } = await seedTenants(harness()));
      operations = await operationsUnder(harness().app, '/v1/visitor/');
      const { fixture } = harness();
      claims = {
        sub: String(a.visitor.id),
        company_id: fixture.companyId,
        application_id: fixture.applicationId,
        scenario_uuid: fixture.publicationUuid,
      };
      const valid = await sign(claims);
      const [, payload] = valid.split('.');
      attacks = [
        ['alg none', `${encode({ alg: 'none', kid: TEST_SIGNING_KEY.kid })}.${payload}.`],
        ['alg none, no kid', `${encode({ alg: 'none', typ: 'JWT' })}.${payload}.`],
        ['HS512 under the right secret', await sign(claims, { alg: 'HS512' })],
        ['a wrong kid', await sign(claims, { kid: 'someone-elses' })],
        [
          'the right kid, another secret',
          await sign(claims, { secret: 'another-secret-of-at-least-32-chars' }),
        ],
        ['expired', await sign(claims, { iat: now() - 7200, exp: now() - 3600 })],
        ['not valid before an hour from now', await sign(claims, { nbf: now() + 3600 })],
        ['another audience', await sign(claims, { audience: 'svc:application:2' })],
        ['the admin audience', await sign(claims, { audience: 'svc:admin' })],
        ['another issuer', await sign(claims, { issuer: 'not-svc' })],
        [
          'a tampered payload',
          `${valid.split('.')[0]}.${encode({ ...claims, sub: '1' })}.${valid.split('.')[2]}`,
        ],
        ['malformed', 'not-a-jwt'],
        ['three empty parts', '..'],
        ['empty', ''],
      ];
    }, 180_000);

    const startSession = (token: string | undefined) =>
      harness().app.inject({
        method: 'POST',
        url: '/v1/public/session',
        headers: bearer(token),
        payload: {
          scenario_uuid: harness().fixture.publicationUuid,
          input_mode: 'text',
          output_mode: 'text',
        },
      });

    it('the well-signed token is accepted (the control)', async () => {
      const token = await sign(claims);
      expect((await startSession(token)).statusCode).toBe(200);
      const buckets = await harness().app.inject({
        url: '/v1/visitor/buckets',
        headers: bearer(token),
      });
      expect(buckets.statusCode).toBe(200);
    });

    it('session start refuses every forged, expired or foreign token with 401 { error }', async () => {
      const answers = await Promise.all(
        attacks.map(async ([attack, token]) => {
          const response = await startSession(token);
          return [attack, response.statusCode, response.json()] as const;
        }),
      );
      expect(answers).toEqual(
        attacks.map(([attack]) => [attack, 401, { error: expect.any(String) }]),
      );
    });

    it('session start refuses admin session tokens, API keys and the agent key (401)', async () => {
      for (const token of [a.token, a.apiKey, AGENT_KEY, undefined]) {
        const response = await startSession(token);
        expect({ status: response.statusCode, body: response.json() }).toEqual({
          status: 401,
          body: { error: expect.any(String) },
        });
      }
    });

    it('every visitor operation refuses every forged, expired or foreign token with 401 { error }', async () => {
      const wrong: string[] = [];
      for (const operation of operations) {
        const url = urlOf(operation, fillContent(a));
        for (const [attack, token] of attacks) {
          const answer = await callOperation(
            harness().app,
            operation,
            url,
            token,
            contentBody(operation, a),
          );
          if (
            answer.status !== 401 ||
            typeof (answer.body as { error?: unknown })?.error !== 'string'
          )
            wrong.push(`${attack}: ${operation.method} ${url}: ${answer.status}`);
        }
      }
      expect(wrong).toEqual([]);
    });

    it("a genuine token of another application opens neither this application's session nor its collections (403)", async () => {
      const { fixture, app } = harness();
      const other = await fixture.database.db
        .selectFrom('applications')
        .select('id')
        .where('name', '=', 'Other shop')
        .executeTakeFirstOrThrow();
      const foreign = await sign({
        ...claims,
        application_id: other.id,
        scenario_uuid: fixture.otherPublicationUuid,
      });
      const session = await app.inject({
        method: 'POST',
        url: '/v1/public/session',
        headers: bearer(foreign),
        payload: {
          scenario_uuid: fixture.publicationUuid,
          input_mode: 'text',
          output_mode: 'text',
        },
      });
      expect({ status: session.statusCode, body: session.json() }).toEqual({
        status: 403,
        body: { error: 'the publication belongs to another application' },
      });
      // A token whose claimed application is not its publication's: refused too.
      const mismatched = await sign({ ...claims, application_id: other.id });
      const search = await app.inject({
        method: 'POST',
        url: `/v1/visitor/collections/${a.collectionId}/search`,
        headers: bearer(mismatched),
        payload: { query: 'boot' },
      });
      expect({ status: search.statusCode, body: search.json() }).toEqual({
        status: 403,
        body: { error: 'the publication belongs to another application' },
      });
    });
  },
  { testRunDriver: scripted.driver, publicRateLimit: 100_000 },
);
