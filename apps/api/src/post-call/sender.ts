// How a post-call delivery leaves the API: signed with the application's secret, through the
// guarded fetch that reaches public addresses only.
import { SIGNATURE_HEADER, signWebhook } from '@svc/webhooks';
import { guardedFetch, type GuardedFetchOptions } from '@svc/webhooks/outbound';
import type { PostCallSender } from './delivery-worker.js';

/** The header naming the delivery, the same on each retry: a receiver drops what it already has. */
export const DELIVERY_HEADER = 'svc-delivery';

/**
 * The sender the API uses. `options` are the guarded fetch's (tests pass a resolver, an address
 * rule for their loopback receiver and its certificate authority); a redirect is not followed:
 * it is an answer that is not 2xx.
 */
export function postCallSender(options: GuardedFetchOptions = {}): PostCallSender {
  const fetch = guardedFetch({ ...options, maxRedirects: 0 });
  return async ({ url, secret, body, deliveryId, signal }) => {
    if (new URL(url).protocol !== 'https:') throw new Error('the webhook is not an https address');
    const response = await fetch(url, {
      method: 'POST',
      body,
      signal,
      redirect: 'manual',
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signWebhook(body, secret),
        [DELIVERY_HEADER]: String(deliveryId),
      },
    });
    await response.body?.cancel();
    return { status: response.status };
  };
}
