// Secrets a company stores (provider keys) are sealed with AES-256-GCM under a key derived from the
// operator's `SVC_SECRETS_KEY`, bound to the row they belong to: a sealed value copied to another
// company's row, or altered, does not open.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** The format's version, first in every sealed value (a later key or cipher gets another). */
const VERSION = 'v1';

/** Seals and opens secrets with one operator key. */
export interface SecretBox {
  /** `v1.<iv>.<tag>.<ciphertext>` (base64url); `context` names the owner (`company:7:credential:acme`). */
  seal(plaintext: string, context: string): string;
  /** The plaintext; throws when the value was altered, sealed for another context or another key. */
  open(sealed: string, context: string): string;
}

/** A {@link SecretBox} whose AES key is derived (HKDF-SHA256) from the operator's secret. */
export function createSecretBox(operatorSecret: string): SecretBox {
  const key = Buffer.from(
    hkdfSync('sha256', operatorSecret, 'svc-secret-box', 'svc company secrets v1', 32),
  );
  return {
    seal(plaintext, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed, context) {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || ciphertext === undefined)
        throw new Error('not a sealed secret of this version');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
