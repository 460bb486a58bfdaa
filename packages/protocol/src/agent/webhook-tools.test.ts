import { describe, expect, it } from 'vitest';
import { referencedSecrets, urlArguments, webhookToolProblems } from './webhook-tools.js';

const PARAMETERS = {
  type: 'object',
  properties: { order_id: { type: 'string' }, note: { type: 'string' } },
};
const BASE = { method: 'POST', url: 'https://api.shop.example/orders/{order_id}/notes' };

/** The first problem's path and message, or undefined. */
const firstProblem = (webhook: unknown) => webhookToolProblems(webhook, PARAMETERS)[0];

describe('webhookToolProblems', () => {
  it('accepts a tool the API can call', () => {
    expect(
      webhookToolProblems(
        {
          ...BASE,
          headers: { authorization: 'Bearer {{secret:shop-key}}' },
          timeout_s: 3,
          retries: 1,
          idempotency_key: true,
          max_response_bytes: 2048,
        },
        PARAMETERS,
      ),
    ).toEqual([]);
    expect(
      webhookToolProblems({ method: 'GET', url: 'https://api.shop.example/status', retries: 2 }),
    ).toEqual([]);
  });

  it('refuses an address that is not https on a public host, or with credentials', () => {
    for (const url of [
      'http://api.shop.example/orders',
      'https://user:password@api.shop.example/orders',
      'https://127.0.0.1/orders',
      'https://169.254.169.254/latest',
      'https://100.64.1.1/orders',
      'https://[::ffff:10.0.0.1]/orders',
      'https://localhost/orders',
      'ftp://api.shop.example/orders',
    ])
      expect(firstProblem({ ...BASE, url })?.path, url).toBe('webhook.url');
  });

  it('fills {arguments} only in the path, and only declared ones', () => {
    expect(
      firstProblem({ ...BASE, url: 'https://api.shop.example/{customer}' })?.message,
    ).toContain('{customer}');
    expect(firstProblem({ ...BASE, url: 'https://{order_id}.shop.example/' })?.message).toContain(
      'host',
    );
    expect(
      firstProblem({ ...BASE, url: 'https://api.shop.example/orders?id={order_id}' })?.message,
    ).toContain('query');
    expect(urlArguments(BASE.url)).toEqual(['order_id']);
  });

  it('retries only what may be repeated, within bounds', () => {
    expect(firstProblem({ ...BASE, retries: 1 })?.path).toBe('webhook.retries');
    expect(firstProblem({ ...BASE, method: 'PUT', retries: 3 })?.path).toBe('webhook.retries');
    expect(firstProblem({ ...BASE, method: 'PUT', retries: 2 })).toBeUndefined();
    expect(firstProblem({ ...BASE, timeout_s: 0.1 })?.path).toBe('webhook.timeout_s');
    expect(firstProblem({ ...BASE, timeout_s: 11 })?.path).toBe('webhook.timeout_s');
    expect(firstProblem({ ...BASE, max_response_bytes: 1_000_000 })?.path).toBe(
      'webhook.max_response_bytes',
    );
  });

  it("keeps the platform's headers and takes secrets only by reference", () => {
    for (const name of ['svc-signature', 'Idempotency-Key', 'host', 'content-type'])
      expect(firstProblem({ ...BASE, headers: { [name]: 'x' } })?.message).toBe(
        'is set by the platform',
      );
    expect(firstProblem({ ...BASE, headers: { 'x-key': '{{env:HOME}}' } })?.path).toBe(
      'webhook.headers.x-key',
    );
    expect(firstProblem({ ...BASE, headers: { 'x-key': 'a\r\nx-other: b' } })?.path).toBe(
      'webhook.headers.x-key',
    );
    expect(
      referencedSecrets({
        headers: { a: 'Bearer {{secret:one}}', b: '{{ secret:two }}-{{secret:one}}' },
      }),
    ).toEqual(['one', 'two']);
  });

  it('names a missing webhook, an unknown method and an unknown setting', () => {
    expect(firstProblem(undefined)?.path).toBe('webhook');
    expect(firstProblem({ ...BASE, method: 'CONNECT' })?.path).toBe('webhook.method');
    expect(firstProblem({ ...BASE, follow_redirects: true })?.path).toBe(
      'webhook.follow_redirects',
    );
  });
});
