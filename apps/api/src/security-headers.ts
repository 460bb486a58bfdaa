import type { FastifyInstance } from 'fastify';

/** One year, with subdomains: what the HSTS preload list asks for. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * Sends `Strict-Transport-Security` on every answer that went out over HTTPS: TLS on this socket,
 * or `X-Forwarded-Proto: https` from a proxy the app trusts (`SVC_TRUST_PROXY`), which is how
 * Fastify's `request.protocol` reads. Over plain HTTP the header means nothing to a browser, and
 * an untrusted client claiming HTTPS changes nothing.
 */
export function sendStrictTransportSecurity(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https')
      reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
  });
}

/**
 * The Content-Security-Policy the built Studio runs under. Scripts only from its own files; styles
 * also inline, since Mantine writes its theme's variables into a `<style>` element and sets
 * `style` attributes; images from any HTTPS host, as a collection's items name theirs; audio from
 * `blob:` (a voice sample); calls to its own origin and to `connectSources` (the Transport's
 * `wss://` address for Try it, and its `https://` twin, which the Transport client also calls).
 * Nothing may frame it, and forms and `<base>` stay on its origin.
 */
export function studioContentSecurityPolicy(connectSources: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "media-src 'self' blob:",
    `connect-src ${["'self'", ...connectSources].join(' ')}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The origins a page must reach for a Transport at `url` (`wss://rtc.example.com` gives it and
 * `https://rtc.example.com`); none for an address that is not a URL.
 */
export function transportSources(url: string): string[] {
  try {
    const parsed = new URL(url);
    const secure = parsed.protocol === 'wss:' || parsed.protocol === 'https:';
    return [
      `${secure ? 'wss' : 'ws'}://${parsed.host}`,
      `${secure ? 'https' : 'http'}://${parsed.host}`,
    ];
  } catch {
    return [];
  }
}
