import { z } from 'zod';

const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65_535).default(8080),
  /** Address to listen on; 0.0.0.0 in a container. */
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.string().min(1).default('./data/svc.db'),
  LIVEKIT_URL: z.string().regex(/^wss?:\/\//, 'must be a ws:// or wss:// URL'),
  LIVEKIT_API_KEY: z.string().min(1),
  LIVEKIT_API_SECRET: z.string().min(1),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  /** The agent's service key; without it the agent API answers 401. */
  SVC_AGENT_KEY: z.string().min(24, 'must be at least 24 characters').optional(),
  /** Comma-separated origins allowed by CORS; every origin when unset. */
  SVC_CORS_ORIGINS: z.string().optional(),
  SVC_AGENT_NAME: z.string().min(1).default('svc-agent'),
  SVC_JWT_SECRET: z.string().min(32, 'must be at least 32 characters'),
  SVC_JWT_KID: z.string().min(1).default('current'),
  SVC_JWT_PREVIOUS_SECRET: z.string().min(32).optional(),
  SVC_JWT_PREVIOUS_KID: z.string().min(1).default('previous'),
  /** `POST /v1/admin/signup`: `on` or `off`; unset, off when NODE_ENV=production, on otherwise. */
  SVC_SIGNUP: z.enum(['on', 'off']).optional(),
  NODE_ENV: z.string().optional(),
  /** The built studio's folder (`apps/studio/dist`), served at `/`; unset, no studio is served. */
  SVC_STUDIO_DIR: z.string().min(1).optional(),
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
  const parsed = schema.safeParse(env);
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
