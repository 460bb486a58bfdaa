import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook } from './signature.js';
import { WebhookError, type WebhookErrorCode } from './webhook-error.js';

const SECRET = 'whsec_test_secret';
const BODY = '{"order":42,"note":"café"}';
const NOW = 1_764_000_000;

/** The code a verification throws. */
function failure(check: () => unknown): WebhookErrorCode {
  try {
    check();
  } catch (error) {
    if (WebhookError.isInstance(error)) return error.code;
    throw error;
  }
  throw new Error('the verification passed');
}

describe('signWebhook', () => {
  it('matches an HMAC-SHA256 over "<timestamp>.<body>" computed independently', () => {
    // The vector a business can recompute in any language.
    const expected = createHmac('sha256', SECRET).update(`${NOW}.${BODY}`, 'utf8').digest('hex');
    expect(signWebhook(BODY, SECRET, { timestamp: NOW })).toBe(`t=${NOW},v1=${expected}`);
    expect(signWebhook(Buffer.from(BODY, 'utf8'), SECRET, { timestamp: NOW })).toBe(
      `t=${NOW},v1=${expected}`,
    );
  });

  it('signs once per secret while one is rotated', () => {
    const header = signWebhook(BODY, ['new-secret', 'old-secret'], { timestamp: NOW });
    expect(header.split(',')).toHaveLength(3);
    expect(verifyWebhook(BODY, header, 'old-secret', { now: NOW })).toEqual({ timestamp: NOW });
    expect(verifyWebhook(BODY, header, 'new-secret', { now: NOW })).toEqual({ timestamp: NOW });
  });
});

describe('verifyWebhook', () => {
  const header = signWebhook(BODY, SECRET, { timestamp: NOW });

  it('accepts the untouched body within the tolerance, as text or bytes', () => {
    expect(verifyWebhook(BODY, header, SECRET, { now: NOW + 299 })).toEqual({ timestamp: NOW });
    expect(verifyWebhook(new TextEncoder().encode(BODY), header, SECRET, { now: NOW })).toEqual({
      timestamp: NOW,
    });
  });

  it('accepts a receiver holding the old and the new secret', () => {
    expect(verifyWebhook(BODY, header, ['rotated-in', SECRET], { now: NOW })).toEqual({
      timestamp: NOW,
    });
  });

  it('names what failed when the body, time, signature or secret was tampered with', () => {
    expect(failure(() => verifyWebhook(`${BODY} `, header, SECRET, { now: NOW }))).toBe(
      'SIGNATURE_MISMATCH',
    );
    expect(failure(() => verifyWebhook(BODY, header, 'wrong-secret', { now: NOW }))).toBe(
      'SIGNATURE_MISMATCH',
    );
    // The same signature under another time does not verify: the time is signed.
    const moved = header.replace(`t=${NOW}`, `t=${NOW + 1}`);
    expect(failure(() => verifyWebhook(BODY, moved, SECRET, { now: NOW }))).toBe(
      'SIGNATURE_MISMATCH',
    );
    const flipped = header.slice(0, -1) + (header.endsWith('0') ? '1' : '0');
    expect(failure(() => verifyWebhook(BODY, flipped, SECRET, { now: NOW }))).toBe(
      'SIGNATURE_MISMATCH',
    );
  });

  it('refuses a signature older or newer than the tolerance', () => {
    expect(failure(() => verifyWebhook(BODY, header, SECRET, { now: NOW + 301 }))).toBe(
      'SIGNATURE_TIMESTAMP_OUTSIDE_TOLERANCE',
    );
    expect(failure(() => verifyWebhook(BODY, header, SECRET, { now: NOW - 301 }))).toBe(
      'SIGNATURE_TIMESTAMP_OUTSIDE_TOLERANCE',
    );
    expect(
      verifyWebhook(BODY, header, SECRET, { now: NOW + 1000, toleranceSeconds: 1000 }),
    ).toEqual({ timestamp: NOW });
  });

  it('refuses a missing or malformed header and a missing secret', () => {
    expect(failure(() => verifyWebhook(BODY, undefined, SECRET, { now: NOW }))).toBe(
      'SIGNATURE_HEADER_MISSING',
    );
    expect(failure(() => verifyWebhook(BODY, `t=${NOW}`, SECRET, { now: NOW }))).toBe(
      'SIGNATURE_HEADER_MALFORMED',
    );
    expect(failure(() => verifyWebhook(BODY, 'v1=abc', SECRET, { now: NOW }))).toBe(
      'SIGNATURE_HEADER_MALFORMED',
    );
    expect(failure(() => verifyWebhook(BODY, header, '', { now: NOW }))).toBe('SECRET_MISSING');
  });
});
