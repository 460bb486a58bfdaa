// A company's provider credentials: keys it brings for a hosted provider, or for a model server of
// its own. Stored sealed; listed without the key; opened only for the agent of one of the
// company's conversations, and only those the conversation's scenario names.
import {
  keySource,
  tenantUrlProblem,
  TENANT_URL_PROVIDER,
  VOICE_ROLES,
  type ProviderCredential,
  type ServingProblem,
  type VoiceSettings,
} from '@svc/protocol/agent';
import type { OpenDatabase } from './db/database.js';
import { HttpError } from './errors.js';
import { rowsFor, type Page } from './paging.js';
import type { SecretBox } from './secret-box.js';

/** What the credential routes show: never the key, only its last characters. */
export interface CredentialSummary {
  name: string;
  provider: string;
  base_url: string | null;
  /** `…` and the key's last four characters. */
  key_hint: string;
  created_at: string;
  updated_at: string;
}

/** What a company sends to store a credential. */
export interface CredentialInput {
  provider: string;
  api_key: string;
  base_url?: string | undefined;
}

/** The providers a credential may be for (the hosted ones, and a server of the company's). */
export const CREDENTIAL_PROVIDERS = [
  'openai',
  'openai-compatible',
  'deepgram',
  'cartesia',
  'elevenlabs',
] as const;

/** The company's credentials. */
export interface Credentials {
  /** Whether keys can be stored at all (the operator set `SVC_SECRETS_KEY`). */
  readonly enabled: boolean;
  /** One page of them, by name (`page.limit + 1` rows: see `pageOf`). */
  list(companyId: number, page: Page): Promise<CredentialSummary[]>;
  /** Creates or replaces one; `created` tells which. */
  put(
    companyId: number,
    name: string,
    input: CredentialInput,
  ): Promise<{ created: boolean; credential: CredentialSummary }>;
  /** Deletes one; 404 when the company has none of that name. */
  remove(companyId: number, name: string): Promise<void>;
  /** What is wrong with the credentials a scenario's voice settings name (missing, other provider). */
  problems(companyId: number, voice: VoiceSettings | undefined): Promise<ServingProblem[]>;
  /** The credentials the voice settings name, opened, for the agent of a conversation. */
  resolve(
    companyId: number,
    voice: VoiceSettings | undefined,
  ): Promise<Record<string, ProviderCredential>>;
}

/** The address rule of a credential, or undefined when it holds. */
export function credentialAddressProblem(input: CredentialInput): string | undefined {
  if (input.provider === TENANT_URL_PROVIDER) {
    if (input.base_url === undefined)
      return `base_url: ${TENANT_URL_PROVIDER} needs the server's address`;
    const problem = tenantUrlProblem(input.base_url);
    return problem ? `base_url: ${problem}` : undefined;
  }
  return input.base_url === undefined
    ? undefined
    : `base_url: only ${TENANT_URL_PROVIDER} takes an address; ${input.provider} is reached at its own host`;
}

/** The credential names a scenario's voice settings use, per role. */
function namedCredentials(voice: VoiceSettings | undefined) {
  return VOICE_ROLES.flatMap((role) => {
    const source = keySource(voice?.[role]);
    return source.kind === 'credential'
      ? [{ role, name: source.name, provider: voice?.[role]?.provider ?? '' }]
      : [];
  });
}

/** The store on one database; `box` is absent when the operator set no `SVC_SECRETS_KEY`. */
export function createCredentials({ db }: OpenDatabase, box: SecretBox | undefined): Credentials {
  const context = (companyId: number, name: string) => `company:${companyId}:credential:${name}`;
  const columns = ['name', 'provider', 'base_url', 'key_hint', 'created_at', 'updated_at'] as const;

  function requireBox(): SecretBox {
    if (!box)
      throw new HttpError(
        503,
        'credentials cannot be stored: the operator has not set SVC_SECRETS_KEY',
      );
    return box;
  }

  async function rows(companyId: number, names: string[]) {
    if (names.length === 0) return [];
    return db
      .selectFrom('credentials')
      .select(['name', 'provider', 'base_url', 'sealed_key'])
      .where('company_id', '=', companyId)
      .where('name', 'in', names)
      .execute();
  }

  return {
    enabled: box !== undefined,

    async list(companyId, page) {
      const rows = rowsFor(page);
      return db
        .selectFrom('credentials')
        .select(columns)
        .where('company_id', '=', companyId)
        .orderBy('name')
        .limit(rows.limit)
        .offset(rows.offset)
        .execute();
    },

    async put(companyId, name, input) {
      const sealer = requireBox();
      const problem = credentialAddressProblem(input);
      if (problem) throw new HttpError(422, problem);
      const values = {
        provider: input.provider,
        base_url: input.base_url ?? null,
        sealed_key: sealer.seal(input.api_key, context(companyId, name)),
        key_hint: `…${input.api_key.slice(-4)}`,
        updated_at: new Date().toISOString(),
      };
      const existing = await db
        .selectFrom('credentials')
        .select('id')
        .where('company_id', '=', companyId)
        .where('name', '=', name)
        .executeTakeFirst();
      if (existing)
        await db.updateTable('credentials').set(values).where('id', '=', existing.id).execute();
      else
        await db
          .insertInto('credentials')
          .values({ ...values, company_id: companyId, name })
          .execute();
      const credential = await db
        .selectFrom('credentials')
        .select(columns)
        .where('company_id', '=', companyId)
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      return { created: !existing, credential };
    },

    async remove(companyId, name) {
      const result = await db
        .deleteFrom('credentials')
        .where('company_id', '=', companyId)
        .where('name', '=', name)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0)
        throw new HttpError(404, `the company has no credential named ${name}`);
    },

    async problems(companyId, voice) {
      const named = namedCredentials(voice);
      const stored = await rows(
        companyId,
        named.map((entry) => entry.name),
      );
      return named.flatMap(({ role, name, provider }): ServingProblem[] => {
        const row = stored.find((candidate) => candidate.name === name);
        const field = `voice.${role}.credential`;
        if (!row) return [{ field, message: `the company has no credential named ${name}` }];
        if (row.provider !== provider)
          return [
            { field, message: `the credential ${name} is for ${row.provider}, not ${provider}` },
          ];
        return [];
      });
    },

    async resolve(companyId, voice) {
      const named = namedCredentials(voice);
      if (named.length === 0) return {};
      const opener = requireBox();
      const stored = await rows(
        companyId,
        named.map((entry) => entry.name),
      );
      // Names are lower-case words (`PROVIDER_REFERENCE_PATTERN`), never `__proto__`; the agent
      // reads them with `Object.hasOwn`.
      return Object.fromEntries(
        stored.map((row): [string, ProviderCredential] => [
          row.name,
          {
            provider: row.provider,
            api_key: opener.open(row.sealed_key, context(companyId, row.name)),
            ...(row.base_url !== null ? { base_url: row.base_url } : {}),
          },
        ]),
      );
    },
  };
}
