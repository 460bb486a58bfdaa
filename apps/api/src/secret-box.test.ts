import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.js';

describe('the secret box', () => {
  const box = createSecretBox('an-operator-secret-of-at-least-32-chars');

  it('opens what it sealed, and the sealed value does not hold the secret', () => {
    const sealed = box.seal('sk-acme-0123456789', 'company:7:credential:acme');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('sk-acme');
    expect(box.open(sealed, 'company:7:credential:acme')).toBe('sk-acme-0123456789');
    // Two seals of one secret differ (a fresh IV each time).
    expect(box.seal('sk-acme-0123456789', 'company:7:credential:acme')).not.toBe(sealed);
  });

  it('refuses a value moved to another owner, altered, or sealed under another key', () => {
    const sealed = box.seal('sk-acme-0123456789', 'company:7:credential:acme');
    expect(() => box.open(sealed, 'company:8:credential:acme')).toThrow();
    const [version, iv, tag, ciphertext = ''] = sealed.split('.');
    const flipped = `${ciphertext.startsWith('A') ? 'B' : 'A'}${ciphertext.slice(1)}`;
    expect(() =>
      box.open([version, iv, tag, flipped].join('.'), 'company:7:credential:acme'),
    ).toThrow();
    expect(() =>
      createSecretBox('another-operator-secret-of-32-chars!!').open(
        sealed,
        'company:7:credential:acme',
      ),
    ).toThrow();
    expect(() => box.open('plain text', 'company:7:credential:acme')).toThrow(
      /not a sealed secret/,
    );
  });
});
