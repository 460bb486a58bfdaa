import { API_PATHS, DEFAULT_API_PATH_PREFIX } from '@svc/protocol';
import { matchLanguage } from '@svc/protocol/agent';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../errors.js';
import { securityOf } from '../openapi.js';
import { checkIdentifySignature } from '../identify-signature.js';
import {
  checkApplicationRate,
  conversationLimits,
  DEFAULT_COMPANY_CONCURRENT_SESSIONS,
  type RateCounter,
} from '../limits.js';
import type { Publications } from '../publications.js';
import type { Sessions } from '../sessions.js';
import { authenticateVisitor, type TokenService } from '../tokens.js';
import { openSessionRoom, type TransportAdmin } from '../transport.js';
import { checkVisitorKnown, type Visitors } from '../visitors.js';

/** The served language a requested tag means; 400 for one the scenario does not serve. */
function servedLanguage(requested: string, languages: readonly string[]): string {
  const served = matchLanguage(requested, languages);
  if (served === undefined)
    throw new HttpError(
      400,
      `language ${requested} is not one this scenario serves (${languages.join(', ')})`,
    );
  return served;
}

/** What the public routes need. */
export interface PublicRouteDeps {
  tokens: TokenService;
  transport: TransportAdmin;
  /** Per-application request counts (in memory, or Redis when `REDIS_URL` is set). */
  rateCounter: RateCounter;
  /** Live publication lookups (cached briefly). */
  publications: Publications;
  visitors: Visitors;
  sessions: Sessions;
  /** Lifetime of a Transport participant token, seconds. */
  rtTokenSeconds?: number;
  /** Conversations running at once in one company (default `DEFAULT_COMPANY_CONCURRENT_SESSIONS`). */
  companySessionCap?: number | undefined;
}

const error = z.object({ error: z.string() });
const mode = z.enum(['audio', 'text']);

/**
 * Checks the request's origin against the application's allow-list (empty allows any). An
 * application with a list refuses a request with no Origin header too: browsers send one on every
 * cross-site request, so only a script outside a browser omits it, and the list is there to keep
 * other parties from spending the application's conversations.
 */
export function checkOrigin(allowedOrigins: string, origin: string | undefined): void {
  const allowed = JSON.parse(allowedOrigins) as string[];
  if (allowed.length === 0) return;
  if (origin === undefined)
    throw new HttpError(403, 'this application accepts requests from its allowed origins only');
  if (!allowed.includes(origin)) {
    throw new HttpError(403, `origin ${origin} is not allowed for this application`);
  }
}

/** `POST /v1/public/token` (identify) and `POST /v1/public/session`, exactly as the contract. */
export function publicRoutes(deps: PublicRouteDeps): FastifyPluginAsyncZod {
  const { visitors, sessions } = deps;
  return async (app) => {
    app.post(
      DEFAULT_API_PATH_PREFIX + API_PATHS.IDENTIFY,
      {
        config: { rateLimit: {} },
        schema: {
          summary: 'Identify a visitor',
          security: [],
          body: z.object({
            scenario_uuid: z.string().min(1),
            external_id: z.string().min(1).max(256),
            signature: z
              .string()
              .min(1)
              .max(128)
              .optional()
              .describe(
                "HMAC-SHA256 of `{expires_at}.{external_id}` under the application's identify secret, base64url",
              ),
            expires_at: z
              .number()
              .int()
              .positive()
              .optional()
              .describe('Unix seconds after which the signature is refused'),
          }),
          response: {
            200: z.object({
              user_token: z.string(),
              user_id: z.number(),
              application_id: z.number(),
              expires_in: z.number(),
            }),
            400: error,
            401: error,
            403: error,
            404: error,
            429: error,
          },
        },
      },
      async (request) => {
        const { scenario_uuid, external_id } = request.body;
        const target = await deps.publications.live(scenario_uuid);
        checkOrigin(target.allowed_origins, request.headers.origin);
        await checkApplicationRate(deps.rateCounter, target.application_id, target.limits);
        await checkIdentifySignature(target.identify_secret, request.body);
        // Same external id, same visitor.
        const visitorId = await visitors.identify(target.application_id, external_id);
        const user_token = await deps.tokens.sign({
          sub: String(visitorId),
          company_id: target.company_id,
          application_id: target.application_id,
          scenario_uuid,
        });
        return {
          user_token,
          user_id: visitorId,
          application_id: target.application_id,
          expires_in: deps.tokens.lifetimeSeconds,
        };
      },
    );

    app.post(
      DEFAULT_API_PATH_PREFIX + API_PATHS.SESSION,
      {
        config: { rateLimit: {} },
        schema: {
          summary: 'Start a Transport session',
          security: securityOf('visitor'),
          headers: z.object({ authorization: z.string().optional() }),
          body: z.object({
            scenario_uuid: z.string().min(1),
            input_mode: mode.optional(),
            output_mode: mode.optional(),
            language: z.string().min(2).max(35).optional(),
            resume_conversation_id: z.string().min(1).optional(),
            metadata: z.record(z.string(), z.unknown()).optional(),
          }),
          response: {
            200: z.object({ rt_token: z.string(), rt_url: z.string(), expires_in: z.number() }),
            400: error,
            401: error,
            403: error,
            404: error,
            429: error,
            503: error,
          },
        },
      },
      async (request) => {
        const claims = await authenticateVisitor(deps.tokens, request);
        const body = request.body;
        const target = await deps.publications.live(body.scenario_uuid);
        if (target.application_id !== claims.application_id) {
          throw new HttpError(403, 'the publication belongs to another application');
        }
        checkOrigin(target.allowed_origins, request.headers.origin);
        await checkVisitorKnown(visitors, claims);
        await checkApplicationRate(deps.rateCounter, target.application_id, target.limits);
        const inputMode = body.input_mode ?? 'audio';
        const outputMode = body.output_mode ?? 'audio';
        const metadata = body.metadata ?? {};
        const language =
          body.language === undefined ? undefined : servedLanguage(body.language, target.languages);
        const caps = {
          companyId: target.company_id,
          applicationId: target.application_id,
          clientAddress: request.ip,
          limits: target.limits,
          companyCap: deps.companySessionCap ?? DEFAULT_COMPANY_CONCURRENT_SESSIONS,
        };
        const conversation = body.resume_conversation_id
          ? await sessions.resume(body.resume_conversation_id, {
              visitorId: claims.visitorId,
              applicationId: target.application_id,
              language,
              caps,
              roomOpen: async (room) => {
                const open = await deps.transport.roomNames().catch((cause: unknown) => {
                  request.log.warn({ err: cause }, 'Transport unreachable');
                  throw new HttpError(503, 'the Transport is unreachable; try again shortly');
                });
                return open.includes(room);
              },
            })
          : await sessions.start(
              {
                publicationId: target.publication_id,
                visitorId: claims.visitorId,
                language: language ?? target.language,
                inputMode,
                outputMode,
                metadata,
              },
              caps,
            );
        return openSessionRoom(
          deps.transport,
          {
            conversation,
            visitorId: claims.visitorId,
            inputMode,
            outputMode,
            metadata,
            resumed: Boolean(body.resume_conversation_id),
            limits: conversationLimits(target.limits),
            ttlSeconds: deps.rtTokenSeconds ?? 600,
          },
          request.log,
        );
      },
    );
  };
}
