// A tiny stand-in of the Platform API's public routes for tests of the SDK against a real
// livekit-server: identify answers a visitor token, session start mints a LiveKit token for a fresh
// room. It also serves the test page, so the page and the API share one origin.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AccessToken } from 'livekit-server-sdk';

function unsignedJwt(claims: Record<string, unknown>): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'none' })}.${encode(claims)}.`;
}

/** Starts the stand-in; `rooms` lists the room names it handed out, newest last. */
export async function startStandInApi(
  server: { url: string; apiKey: string; apiSecret: string },
  page: { html: string; script: string } = { html: '', script: '' },
  /** Called with the room of every session started, as a dispatch would start the agent. */
  onSession?: (room: string) => void,
) {
  const rooms: string[] = [];
  let visitors = 0;
  const http = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const send = (status: number, body: string, type = 'application/json') => {
        // Pages served from another origin (the example page) call it too.
        response.writeHead(status, {
          'content-type': type,
          'access-control-allow-origin': '*',
          'access-control-allow-headers': 'content-type, authorization',
        });
        response.end(body);
      };
      if (request.method === 'OPTIONS') return send(204, '');
      if (request.method === 'GET' && request.url === '/') return send(200, page.html, 'text/html');
      if (request.method === 'GET' && request.url === '/app.js')
        return send(200, page.script, 'text/javascript');
      if (request.method === 'POST' && request.url === '/v1/public/token') {
        visitors += 1;
        const now = Math.floor(Date.now() / 1000);
        const claims = {
          sub: String(visitors),
          company_id: 1,
          application_id: 1,
          scenario_uuid: 'pub-e2e',
          iat: now,
          exp: now + 3600,
        };
        return send(
          200,
          JSON.stringify({
            user_token: unsignedJwt(claims),
            user_id: visitors,
            application_id: 1,
            expires_in: 3600,
          }),
        );
      }
      if (request.method === 'POST' && request.url === '/v1/public/session') {
        const room = `room-${rooms.length + 1}-${Date.now()}`;
        rooms.push(room);
        onSession?.(room);
        const token = new AccessToken(server.apiKey, server.apiSecret, {
          identity: `visitor-${visitors}`,
          ttl: 600,
        });
        token.addGrant({
          room,
          roomJoin: true,
          canPublish: true,
          canPublishData: true,
          canSubscribe: true,
        });
        void token
          .toJwt()
          .then((jwt) =>
            send(200, JSON.stringify({ rt_token: jwt, rt_url: server.url, expires_in: 600 })),
          );
        return;
      }
      send(404, JSON.stringify({ error: 'not found' }));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    rooms,
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}
