import { z } from 'zod';

/**
 * What a value copied from a template rather than generated looks like. `#` and a space come from
 * an inline comment: systemd's `EnvironmentFile=` keeps `VALUE   # note` whole as the value.
 */
const PLACEHOLDER_MARKS = [
  'change-me',
  'changeme',
  'change_me',
  'replace',
  'example',
  'placeholder',
  '#',
  ' ',
] as const;

/**
 * A run of x's written as filler (`xxx`, `key-xxxx`, `xxxxxxxx`). Three x's inside letters are not
 * one: `openssl rand -base64 48` writes "xXx" somewhere in about one secret in 500, so only a run
 * standing on its own, or one too long to be chance, is taken for filler.
 */
const FILLER_X = /(?:^|[^a-z0-9])x{3,}(?:[^a-z0-9]|$)|x{6,}/i;

/** Why a secret looks like a placeholder, or undefined when it does not. */
export function placeholderProblem(value: string): string | undefined {
  const lower = value.toLowerCase();
  const mark =
    PLACEHOLDER_MARKS.find((candidate) => lower.includes(candidate)) ??
    (FILLER_X.test(value) ? 'xxx' : undefined);
  if (mark === '#' || mark === ' ')
    return 'holds a space or "#": an inline comment in an env file is part of the value under systemd; put comments on their own line';
  if (mark)
    return `looks like a placeholder (it contains "${mark}"); generate one with \`openssl rand -base64 48\``;
  // A variable's own name, or one like it (`LIVEKIT_API_SECRET`, `DB_PASSWORD`), left in place.
  if (/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/.test(value))
    return `looks like a placeholder (the name "${value}"); generate one with \`openssl rand -base64 48\``;
  return undefined;
}

/** A secret the operator generates: at least `minimum` characters and no placeholder. */
const secret = (minimum: number) =>
  z
    .string()
    .min(minimum, `must be at least ${minimum} characters`)
    .superRefine((value, context) => {
      const problem = placeholderProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    });

/** A `postgres://` or `redis://` URL whose password, when it has one, is no placeholder. */
const urlWithSecret = (base: z.ZodString) =>
  base.superRefine((value, context) => {
    let password = '';
    try {
      password = decodeURIComponent(new URL(value).password);
    } catch {
      return; // a SQLite path, or a URL the database client itself will refuse
    }
    const problem = password ? placeholderProblem(password) : undefined;
    if (problem) context.addIssue({ code: 'custom', message: `its password ${problem}` });
  });

const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65_535).default(8080),
  /** Address to listen on; 0.0.0.0 in a container. */
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: urlWithSecret(z.string().min(1)).default('./data/svc.db'),
  LIVEKIT_URL: z.string().regex(/^wss?:\/\//, 'must be a ws:// or wss:// URL'),
  // A key is a name, not a secret (livekit-server's are `API` and random letters): only the
  // template's own text is refused.
  LIVEKIT_API_KEY: z
    .string()
    .min(1)
    .refine(
      (value) => value !== 'LIVEKIT_API_KEY' && !/change-?me|change_me|#|\s/i.test(value),
      "looks like a placeholder; use the key of livekit-server's `keys:`",
    ),
  /** 32+ characters, as livekit-server itself asks of its secrets. */
  LIVEKIT_API_SECRET: secret(32),
  REDIS_URL: urlWithSecret(z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL')).optional(),
  /** The agent's service key; without it the agent API answers 401. */
  SVC_AGENT_KEY: secret(24).optional(),
  /** Comma-separated origins allowed by CORS; every origin when unset. */
  SVC_CORS_ORIGINS: z.string().optional(),
  SVC_AGENT_NAME: z.string().min(1).default('svc-agent'),
  SVC_JWT_SECRET: secret(32),
  /**
   * Seals the companies' provider credentials (32+ random characters; changing it makes the stored
   * ones unreadable). Unset: credentials cannot be stored and scenarios cannot name one.
   */
  SVC_SECRETS_KEY: secret(32).optional(),
  SVC_JWT_KID: z.string().min(1).default('current'),
  SVC_JWT_PREVIOUS_SECRET: secret(32).optional(),
  SVC_JWT_PREVIOUS_KID: z.string().min(1).default('previous'),
  /** `POST /v1/admin/signup`: `on` or `off`; unset, off when NODE_ENV=production, on otherwise. */
  SVC_SIGNUP: z.enum(['on', 'off']).optional(),
  NODE_ENV: z.string().optional(),
  /**
   * `on` seeds the demo shop, with its well-known admin, into an empty database at start (the test
   * kit's API processes); `off` (default) starts empty, the first admin made by
   * `npm run bootstrap-admin`. Refused with NODE_ENV=production.
   */
  SVC_SEED_DEMO: z.enum(['on', 'off']).default('off'),
  /** The built studio's folder (`apps/studio/dist`), served at `/`; unset, no studio is served. */
  SVC_STUDIO_DIR: z.string().min(1).optional(),
  /**
   * Conversations running at once in one company, all its applications together (default 15):
   * keep it below the agent fleet's slots (workers x `SVC_AGENT_MAX_CONVERSATIONS`).
   */
  SVC_COMPANY_CONCURRENT_SESSIONS: z.coerce.number().int().min(1).max(1_000_000).optional(),
  /**
   * The proxies in front of the API whose `X-Forwarded-For` is believed: a hop count (`1` for one
   * proxy) or a comma-separated list of addresses and CIDRs. Unset: none, the socket's address is
   * the client's (a client could otherwise name any address and escape the per-address limits).
   */
  SVC_TRUST_PROXY: z
    .string()
    .regex(/^(\d+|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/, 'a hop count or a list of addresses')
    .optional(),
});

/** The API's configuration, read from the environment. */
export type Config = z.infer<typeof schema> & {
  /** Whether anyone may create a company and its first admin (`SVC_SIGNUP`). */
  signup: boolean;
  /** `SVC_TRUST_PROXY` as the HTTP server takes it; false when unset. */
  trustProxy: number | string[] | false;
};

/** Reads and checks the environment; throws one error that names every problem. */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const parsed = schema
    .refine((config) => !(config.SVC_SEED_DEMO === 'on' && config.NODE_ENV === 'production'), {
      path: ['SVC_SEED_DEMO'],
      message: 'the demo and its well-known admin are never seeded with NODE_ENV=production',
    })
    .safeParse(env);
  if (parsed.success) {
    // A production server is closed to strangers unless its operator opens it.
    const signup =
      (parsed.data.SVC_SIGNUP ?? (parsed.data.NODE_ENV === 'production' ? 'off' : 'on')) === 'on';
    const proxies = parsed.data.SVC_TRUST_PROXY?.trim();
    const trustProxy = !proxies
      ? false
      : /^\d+$/.test(proxies)
        ? Number(proxies)
        : proxies.split(',').map((entry) => entry.trim());
    return { ...parsed.data, signup, trustProxy };
  }
  const problems = parsed.error.issues.map(
    (issue) => `  ${issue.path.join('.')}: ${issue.message}`,
  );
  throw new Error(`the API cannot start; fix its environment:\n${problems.join('\n')}`);
}
