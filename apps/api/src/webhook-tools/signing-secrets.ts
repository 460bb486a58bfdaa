// The key a company's webhook calls are signed with (`@svc/webhooks`: `t=<unix>,v1=<hex>`). It is
// made here, shown once when created or rotated, and kept sealed. A rotation keeps the previous
// key signing beside the new one for a grace period, so a business deploys the new key without
// refusing the calls in between.
import { randomBytes } from 'node:crypto';
import type { OpenDatabase } from '../db/database.js';
import { HttpError } from '../errors.js';
import type { SecretBox } from '../secret-box.js';
import { valueHint } from './company-secrets.js';

/** How long the previous key still signs after a rotation. */
export const SIGNING_ROTATION_GRACE_MS = 24 * 60 * 60 * 1000;

/** What the signing-secret routes show after creation: never the key. */
export interface SigningSecretStatus {
  /** `…` and the key's last four characters. */
  secret_hint: string;
  created_at: string;
  rotated_at: string | null;
  /** Until when the key before the last rotation still signs (null: it no longer does). */
  previous_valid_until: string | null;
}

/** The company's signing key. */
export interface SigningSecrets {
  /** The status, or undefined when the company has no key yet. */
  status(companyId: number): Promise<SigningSecretStatus | undefined>;
  /**
   * Makes a new key and answers it (the only time it is shown): the first one, or a rotation
   * that keeps the previous key signing for {@link SIGNING_ROTATION_GRACE_MS}.
   */
  rotate(
    companyId: number,
    now?: Date,
  ): Promise<{ created: boolean; secret: string; status: SigningSecretStatus }>;
  /** The keys to sign with now: the current one first, then the previous one within its grace. */
  keys(companyId: number, now?: Date): Promise<string[]>;
}

/** A new key: 32 random bytes, prefixed so a business recognises it in its configuration. */
function newKey(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** The store on one database; `box` is absent when the operator set no `SVC_SECRETS_KEY`. */
export function createSigningSecrets(
  { db }: OpenDatabase,
  box: SecretBox | undefined,
): SigningSecrets {
  const context = (companyId: number) => `company:${companyId}:webhook-signing`;
  const requireBox = (): SecretBox => {
    if (!box)
      throw new HttpError(
        503,
        'webhook signing keys cannot be stored: the operator has not set SVC_SECRETS_KEY',
      );
    return box;
  };
  const read = (companyId: number) =>
    db
      .selectFrom('webhook_signing_secrets')
      .selectAll()
      .where('company_id', '=', companyId)
      .executeTakeFirst();
  const statusOf = (
    row: NonNullable<Awaited<ReturnType<typeof read>>>,
    now: Date,
  ): SigningSecretStatus => ({
    secret_hint: row.secret_hint,
    created_at: row.created_at,
    rotated_at: row.rotated_at,
    previous_valid_until:
      row.previous_until !== null && row.previous_until > now.toISOString()
        ? row.previous_until
        : null,
  });

  return {
    async status(companyId) {
      const row = await read(companyId);
      return row ? statusOf(row, new Date()) : undefined;
    },

    async rotate(companyId, now = new Date()) {
      const sealer = requireBox();
      const secret = newKey();
      const sealed = sealer.seal(secret, context(companyId));
      const existing = await read(companyId);
      if (existing)
        await db
          .updateTable('webhook_signing_secrets')
          .set({
            sealed_secret: sealed,
            secret_hint: valueHint(secret),
            sealed_previous: existing.sealed_secret,
            previous_until: new Date(now.getTime() + SIGNING_ROTATION_GRACE_MS).toISOString(),
            rotated_at: now.toISOString(),
          })
          .where('company_id', '=', companyId)
          .execute();
      else
        await db
          .insertInto('webhook_signing_secrets')
          .values({
            company_id: companyId,
            sealed_secret: sealed,
            secret_hint: valueHint(secret),
            created_at: now.toISOString(),
          })
          .execute();
      const row = await read(companyId);
      if (!row) throw new Error('the signing key was not stored');
      return { created: !existing, secret, status: statusOf(row, now) };
    },

    async keys(companyId, now = new Date()) {
      const row = await read(companyId);
      if (!row || !box) return [];
      const keys = [box.open(row.sealed_secret, context(companyId))];
      if (row.sealed_previous !== null && statusOf(row, now).previous_valid_until !== null)
        keys.push(box.open(row.sealed_previous, context(companyId)));
      return keys;
    },
  };
}
