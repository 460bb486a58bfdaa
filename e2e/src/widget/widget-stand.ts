// What the widget tests stand on: the widget built from its sources (as `npm start` builds it),
// and a host site on its own origin that serves pages around the publish-time snippet, with or
// without a strict Content-Security-Policy header.
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { freePort } from '@svc/agent/testing';

/**
 * Builds `@svc/widget` (esbuild, about a second), so the API serves what the sources say: the
 * tests run before `npm run build` in CI, and a stale `dist` would test old code.
 */
export function buildWidget(): void {
  const build = spawnSync('npm', ['run', '--silent', 'build', '-w', '@svc/widget'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (build.status !== 0) throw new Error(`the widget build failed (exit ${build.status})`);
}

/** A page of the host site: its HTML and the headers it is served with. */
export interface HostPage {
  html: string;
  headers?: Record<string, string>;
}

/** The host site: its origin and how to stop it. */
export interface HostSite {
  url: string;
  close(): Promise<void>;
}

/** Serves `pages` (path to page) on a loopback port of its own: another origin than the API. */
export async function startHostSite(pages: Record<string, HostPage>): Promise<HostSite> {
  const port = await freePort();
  const server: Server = createServer((request, response) => {
    const page = pages[(request.url ?? '/').split('?')[0] ?? '/'];
    if (!page) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...page.headers })
      .end(page.html);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The strict policy a site that embeds the widget sets: nothing but the API's scripts, styles and
 * requests, and the LiveKit server's signal connection (and its HTTP twin, which livekit-client
 * asks when a connection fails). No `'unsafe-inline'`, no `'unsafe-eval'`, no `blob:` or `data:`.
 */
export function strictPolicy(api: string, livekitWs: string): string {
  const livekitHttp = livekitWs.replace(/^ws/, 'http');
  return [
    "default-src 'none'",
    `script-src ${api}`,
    `style-src ${api}`,
    `connect-src ${api} ${livekitWs} ${livekitHttp}`,
    `img-src ${api}`,
    `media-src ${api}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Page CSS that would break a widget living in the page's cascade. */
export const HOSTILE_CSS = `
* { all: unset !important; font-size: 48px !important; line-height: 3 !important; font-family: serif !important; }
html, body, p { display: block !important; }
head, style, script { display: none !important; }
div, section, button, input, ol, li { width: 12px !important; height: 12px !important; overflow: hidden !important; }
svc-agent { display: inline !important; position: absolute !important; top: -5000px !important; color: lime !important; font-size: 80px !important; }
`;
