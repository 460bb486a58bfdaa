// An application's post-call webhook: where to deliver, the signing secret (sealed, shown once),
// and whether it delivers.
import { randomBytes } from 'node:crypto';
import type { OpenDatabase } from '../db/database.js';
import { HttpError } from '../errors.js';
import type { SecretBox } from '../secret-box.js';

/** A webhook as the admin API answers it; the secret only when it was just made. */
export interface WebhookSettings {
  application_id: number;
  url: string;
  enabled: boolean;
  /** Conversations that ended from then on are delivered. */
  enabled_at: string;
  updated_at: string;
  /** The signing secret, answered once: when the webhook is created or the secret rotated. */
  secret?: string;
}

/** What the sender needs: the address and the opened secret. */
export interface WebhookTarget {
  url: string;
  secret: string;
}

/** The prefix of every signing secret, so a leaked one is recognisable. */
export const WEBHOOK_SECRET_PREFIX = 'svc_whsec_';

const sealContext = (applicationId: number) => `application:${applicationId}:webhook`;
const newSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64url')}`;

/** The webhook settings store. */
export type WebhookSettingsStore = ReturnType<typeof createWebhookSettings>;

/**
 * Creates the store. Without the operator's secret box no secret can be sealed: saving answers
 * 503, as storing a credential does.
 */
export function createWebhookSettings(database: OpenDatabase, box: SecretBox | undefined) {
  const { db } = database;
  const sealer = () => {
    if (!box)
      throw new HttpError(
        503,
        'webhooks cannot be stored: the server has no SVC_SECRETS_KEY to seal their secrets',
      );
    return box;
  };
  const answer = (row: {
    application_id: number;
    url: string;
    enabled: number;
    enabled_at: string;
    updated_at: string;
  }): WebhookSettings => ({
    application_id: row.application_id,
    url: row.url,
    enabled: row.enabled === 1,
    enabled_at: row.enabled_at,
    updated_at: row.updated_at,
  });
  const read = (applicationId: number) =>
    db
      .selectFrom('application_webhooks')
      .select(['application_id', 'url', 'enabled', 'enabled_at', 'updated_at', 'sealed_secret'])
      .where('application_id', '=', applicationId)
      .executeTakeFirst();

  /** The row just written (another request may have removed it meanwhile: then 404). */
  const written = async (applicationId: number) => {
    const row = await read(applicationId);
    if (!row) throw new HttpError(404, 'the application has no webhook');
    return answer(row);
  };

  return {
    /** The application's webhook, or null. */
    async get(applicationId: number): Promise<WebhookSettings | null> {
      const row = await read(applicationId);
      return row ? answer(row) : null;
    },

    /**
     * Creates or changes the webhook. A new one gets a secret, answered this once; enabling a
     * disabled one starts delivering the conversations that end from now on.
     */
    async put(
      applicationId: number,
      settings: { url: string; enabled: boolean },
      now: Date,
    ): Promise<WebhookSettings> {
      const at = now.toISOString();
      const existing = await read(applicationId);
      if (!existing) {
        const secret = newSecret();
        await db
          .insertInto('application_webhooks')
          .values({
            application_id: applicationId,
            url: settings.url,
            enabled: settings.enabled ? 1 : 0,
            enabled_at: at,
            updated_at: at,
            sealed_secret: sealer().seal(secret, sealContext(applicationId)),
          })
          .execute();
        return { ...(await written(applicationId)), secret };
      }
      const enabling = settings.enabled && existing.enabled === 0;
      await db
        .updateTable('application_webhooks')
        .set({
          url: settings.url,
          enabled: settings.enabled ? 1 : 0,
          updated_at: at,
          ...(enabling ? { enabled_at: at } : {}),
        })
        .where('application_id', '=', applicationId)
        .execute();
      return await written(applicationId);
    },

    /** A new secret, answered once; the old one stops signing at once. Null when there is no webhook. */
    async rotate(applicationId: number, now: Date): Promise<WebhookSettings | null> {
      const secret = newSecret();
      const result = await db
        .updateTable('application_webhooks')
        .set({
          sealed_secret: sealer().seal(secret, sealContext(applicationId)),
          updated_at: now.toISOString(),
        })
        .where('application_id', '=', applicationId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return null;
      return { ...(await written(applicationId)), secret };
    },

    /** Removes the webhook; its deliveries stay in the log. Answers whether there was one. */
    async remove(applicationId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('application_webhooks')
        .where('application_id', '=', applicationId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Where and with what an application's deliveries go now; null when it has no webhook. */
    async target(applicationId: number): Promise<WebhookTarget | null> {
      const row = await read(applicationId);
      if (!row || !box) return null;
      return { url: row.url, secret: box.open(row.sealed_secret, sealContext(applicationId)) };
    },
  };
}
