// A company's secrets for its webhook tools' headers (an API key of its backend). Stored sealed;
// listed without the value; opened only in the API, into the header of one of the company's tool
// calls: never returned by a route, never sent to the agent or the page.
import type { OpenDatabase } from '../db/database.js';
import { HttpError } from '../errors.js';
import { rowsFor, type Page } from '../paging.js';
import type { SecretBox } from '../secret-box.js';

/** What the secret routes show: never the value, only its last characters. */
export interface SecretSummary {
  name: string;
  /** `…` and the value's last four characters (none for a value of eight or fewer). */
  value_hint: string;
  created_at: string;
  updated_at: string;
}

/** The company's secrets. */
export interface CompanySecrets {
  /** Whether values can be stored at all (the operator set `SVC_SECRETS_KEY`). */
  readonly enabled: boolean;
  /** One page of them, by name (`page.limit + 1` rows: see `pageOf`). */
  list(companyId: number, page: Page): Promise<SecretSummary[]>;
  /** Creates or replaces (rotates) one; `created` tells which. */
  put(
    companyId: number,
    name: string,
    value: string,
  ): Promise<{ created: boolean; secret: SecretSummary }>;
  /** Deletes one; 404 when the company has none of that name. */
  remove(companyId: number, name: string): Promise<void>;
  /** The named values, opened, for one tool call; a name the company lacks is left out. */
  open(companyId: number, names: readonly string[]): Promise<Map<string, string>>;
}

/** The last characters of a value, to tell values apart; a short value shows none of itself. */
export function valueHint(value: string): string {
  return value.length > 8 ? `…${value.slice(-4)}` : '…';
}

/** The store on one database; `box` is absent when the operator set no `SVC_SECRETS_KEY`. */
export function createCompanySecrets(
  { db }: OpenDatabase,
  box: SecretBox | undefined,
): CompanySecrets {
  const context = (companyId: number, name: string) => `company:${companyId}:secret:${name}`;
  const columns = ['name', 'value_hint', 'created_at', 'updated_at'] as const;
  const requireBox = (): SecretBox => {
    if (!box)
      throw new HttpError(
        503,
        'secrets cannot be stored: the operator has not set SVC_SECRETS_KEY',
      );
    return box;
  };

  return {
    enabled: box !== undefined,

    async list(companyId, page) {
      const rows = rowsFor(page);
      return db
        .selectFrom('company_secrets')
        .select(columns)
        .where('company_id', '=', companyId)
        .orderBy('name')
        .limit(rows.limit)
        .offset(rows.offset)
        .execute();
    },

    async put(companyId, name, value) {
      const values = {
        sealed_value: requireBox().seal(value, context(companyId, name)),
        value_hint: valueHint(value),
        updated_at: new Date().toISOString(),
      };
      const existing = await db
        .selectFrom('company_secrets')
        .select('id')
        .where('company_id', '=', companyId)
        .where('name', '=', name)
        .executeTakeFirst();
      if (existing)
        await db.updateTable('company_secrets').set(values).where('id', '=', existing.id).execute();
      else
        await db
          .insertInto('company_secrets')
          .values({ ...values, company_id: companyId, name })
          .execute();
      const secret = await db
        .selectFrom('company_secrets')
        .select(columns)
        .where('company_id', '=', companyId)
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      return { created: !existing, secret };
    },

    async remove(companyId, name) {
      const result = await db
        .deleteFrom('company_secrets')
        .where('company_id', '=', companyId)
        .where('name', '=', name)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0)
        throw new HttpError(404, `the company has no secret named ${name}`);
    },

    async open(companyId, names) {
      const opened = new Map<string, string>();
      if (names.length === 0 || !box) return opened;
      const rows = await db
        .selectFrom('company_secrets')
        .select(['name', 'sealed_value'])
        .where('company_id', '=', companyId)
        .where('name', 'in', [...names])
        .execute();
      for (const row of rows)
        opened.set(row.name, box.open(row.sealed_value, context(companyId, row.name)));
      return opened;
    },
  };
}
