// A real local HTTP server that plays the public API in the client's tests: it records every
// request and answers what each test scripts. Excluded from the build by its name.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the server received. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** What the server answers: a status and a JSON body (or raw text). */
export interface ScriptedAnswer {
  status: number;
  body?: unknown;
  text?: string;
  delayMs?: number;
}

/** Builds an unsigned JWT (the client never verifies signatures) with the given claims. */
export function makeJwt(claims: Record<string, unknown>): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.c2lnbmF0dXJl`;
}

/** A visitor token like the API's, valid for `lifetimeSeconds`. */
export function visitorToken(
  options: {
    userId?: number;
    applicationId?: number;
    scenario?: string;
    lifetimeSeconds?: number;
  } = {},
): string {
  const now = Math.floor(Date.now() / 1000);
  return makeJwt({
    sub: String(options.userId ?? 1),
    company_id: 3,
    application_id: options.applicationId ?? 2,
    scenario_uuid: options.scenario ?? 'pub-1',
    iat: now,
    exp: now + (options.lifetimeSeconds ?? 3600),
  });
}

/** Starts the server on a free loopback port. */
export async function startTestApi() {
  const requests: RecordedRequest[] = [];
  let counter = 0;
  type Handler = (request: RecordedRequest) => ScriptedAnswer;
  const defaults = new Map<string, Handler>();
  defaults.set('/v1/public/token', (request) => {
    const body = request.body as { scenario_uuid: string; external_id: string };
    counter += 1;
    return {
      status: 200,
      body: {
        user_token: visitorToken({ userId: 10 + counter, scenario: body.scenario_uuid }),
        user_id: 10 + counter,
        application_id: 2,
        expires_in: 3600,
      },
    };
  });
  defaults.set('/v1/public/session', () => ({
    status: 200,
    body: { rt_token: 'rt-token', rt_url: 'ws://127.0.0.1:7880', expires_in: 600 },
  }));
  const answers = new Map(defaults);

  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // kept as text
      }
      const request = {
        method: incoming.method ?? '',
        path: incoming.url ?? '',
        headers: incoming.headers,
        body,
      };
      requests.push(request);
      const answer = answers.get(request.path)?.(request) ?? {
        status: 404,
        body: { error: 'not found' },
      };
      setTimeout(() => {
        outgoing.writeHead(answer.status, { 'content-type': 'application/json' });
        outgoing.end(answer.text ?? JSON.stringify(answer.body));
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Forgets the recorded requests and the scripted answers. */
    reset() {
      requests.length = 0;
      for (const [path, handler] of defaults) answers.set(path, handler);
    },
    /** Scripts the answer of a path. */
    answer(path: string, handler: (request: RecordedRequest) => ScriptedAnswer) {
      answers.set(path, handler);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
