import { randomUUID } from 'node:crypto';
import { API_PATHS, DEFAULT_API_PATH_PREFIX } from '@svc/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OpenDatabase } from '../db/database.js';
import { HttpError } from '../errors.js';
import {
  checkApplicationRate,
  checkSessionCaps,
  parseLimits,
  type ApplicationLimits,
  type RateCounter,
} from '../limits.js';
import { authenticateVisitor, type TokenService } from '../tokens.js';
import type { TransportAdmin } from '../transport.js';

/** What the public routes need. */
export interface PublicRouteDeps {
  database: OpenDatabase;
  tokens: TokenService;
  transport: TransportAdmin;
  /** Per-application request counts (in memory, or Redis when `REDIS_URL` is set). */
  rateCounter: RateCounter;
  /** Lifetime of a Transport participant token, seconds. */
  rtTokenSeconds?: number;
  /** How long a publication lookup is reused (default {@link PUBLICATION_CACHE_MS}; 0 turns it off). */
  publicationCacheMs?: number;
}

const error = z.object({ error: z.string() });

/** How long a publication lookup is reused, milliseconds. */
export const PUBLICATION_CACHE_MS = 2000;

interface PublicationRow {
  publication_id: number;
  language: string;
  application_id: number;
  company_id: number;
  allowed_origins: string;
  limits: ApplicationLimits;
}
const mode = z.enum(['audio', 'text']);

/**
 * Checks the request's origin against the application's allow-list (empty allows any). A request
 * with no Origin header is not a browser's cross-site request (servers, the SDK in Node), so it
 * passes: the allow-list stops other sites' pages, which always send one.
 */
export function checkOrigin(allowedOrigins: string, origin: string | undefined): void {
  const allowed = JSON.parse(allowedOrigins) as string[];
  if (allowed.length > 0 && origin !== undefined && !allowed.includes(origin)) {
    throw new HttpError(403, `origin ${origin} is not allowed for this application`);
  }
}

/** `POST /v1/public/token` (identify) and `POST /v1/public/session`, exactly as the contract. */
export function publicRoutes(deps: PublicRouteDeps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  const now = () => new Date().toISOString();

  // Publications change rarely and every identify reads one: a short cache saves the join. An
  // unpublish or a limit change takes effect within PUBLICATION_CACHE_MS.
  const cache = new Map<string, { at: number; value: Promise<PublicationRow | undefined> }>();
  const cacheMs = deps.publicationCacheMs ?? PUBLICATION_CACHE_MS;
  function lookup(uuid: string): Promise<PublicationRow | undefined> {
    const now = Date.now();
    const hit = cache.get(uuid);
    if (hit && now - hit.at < cacheMs) return hit.value;
    if (cache.size > 1000) cache.clear();
    const value = db
      .selectFrom('publications')
      .innerJoin('scenarios', 'scenarios.id', 'publications.scenario_id')
      .innerJoin('applications', 'applications.id', 'scenarios.application_id')
      .select([
        'publications.id as publication_id',
        'scenarios.language',
        'applications.id as application_id',
        'applications.company_id',
        'applications.allowed_origins',
        'applications.limits',
      ])
      .where('publications.uuid', '=', uuid)
      .where('publications.unpublished_at', 'is', null)
      .executeTakeFirst()
      .then((row) => row && { ...row, limits: parseLimits(row.limits) });
    cache.set(uuid, { at: now, value });
    // A failed lookup is not remembered.
    value.catch(() => cache.delete(uuid));
    return value;
  }
  async function publication(uuid: string): Promise<PublicationRow> {
    const found = await lookup(uuid);
    if (!found) throw new HttpError(404, `unknown publication ${uuid}`);
    return found;
  }

  return async (app) => {
    app.post(
      DEFAULT_API_PATH_PREFIX + API_PATHS.IDENTIFY,
      {
        config: { rateLimit: {} },
        schema: {
          summary: 'Identify a visitor',
          body: z.object({
            scenario_uuid: z.string().min(1),
            external_id: z.string().min(1).max(256),
          }),
          response: {
            200: z.object({
              user_token: z.string(),
              user_id: z.number(),
              application_id: z.number(),
              expires_in: z.number(),
            }),
            400: error,
            403: error,
            404: error,
            429: error,
          },
        },
      },
      async (request) => {
        const { scenario_uuid, external_id } = request.body;
        const target = await publication(scenario_uuid);
        checkOrigin(target.allowed_origins, request.headers.origin);
        await checkApplicationRate(deps.rateCounter, target.application_id, target.limits);
        // Same external id, same visitor. Most visitors come back, so read first; a new one is
        // inserted once, and a concurrent insert of the same visitor is read back.
        const findVisitor = () =>
          db
            .selectFrom('visitors')
            .select('id')
            .where('application_id', '=', target.application_id)
            .where('external_id', '=', external_id)
            .executeTakeFirst();
        let visitor = await findVisitor();
        if (!visitor) {
          await db
            .insertInto('visitors')
            .values({ application_id: target.application_id, external_id, created_at: now() })
            .onConflict((conflict) =>
              conflict.columns(['application_id', 'external_id']).doNothing(),
            )
            .execute();
          visitor = (await findVisitor()) as { id: number };
        }
        const user_token = await deps.tokens.sign({
          sub: String(visitor.id),
          company_id: target.company_id,
          application_id: target.application_id,
          scenario_uuid,
        });
        return {
          user_token,
          user_id: visitor.id,
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
        const target = await publication(body.scenario_uuid);
        if (target.application_id !== claims.application_id) {
          throw new HttpError(403, 'the publication belongs to another application');
        }
        checkOrigin(target.allowed_origins, request.headers.origin);
        await checkApplicationRate(deps.rateCounter, target.application_id, target.limits);
        const visitorId = claims.visitorId;
        let conversationId: string;
        if (body.resume_conversation_id) {
          const previous = await db
            .selectFrom('conversations')
            .select('id')
            .where('id', '=', body.resume_conversation_id)
            .where('visitor_id', '=', visitorId)
            .executeTakeFirst();
          if (!previous)
            throw new HttpError(
              404,
              `no conversation ${body.resume_conversation_id} for this visitor`,
            );
          conversationId = previous.id;
        } else {
          await checkSessionCaps(deps.database, target.publication_id, target.limits);
          conversationId = randomUUID();
          await db
            .insertInto('conversations')
            .values({
              id: conversationId,
              publication_id: target.publication_id,
              visitor_id: visitorId,
              language: body.language ?? target.language,
              input_mode: body.input_mode ?? 'audio',
              output_mode: body.output_mode ?? 'audio',
              metadata: JSON.stringify(body.metadata ?? {}),
              started_at: now(),
            })
            .execute();
        }
        // A resumed conversation carries its last checkpoint, so the agent restores the page.
        const checkpoint = await db
          .selectFrom('restore_checkpoints')
          .select('state')
          .where('conversation_id', '=', conversationId)
          .orderBy('version', 'desc')
          .limit(1)
          .executeTakeFirst();
        const room = `conversation-${conversationId}-${Date.now().toString(36)}`;
        try {
          await deps.transport.openRoom(room, {
            conversation_id: conversationId,
            publication_uuid: body.scenario_uuid,
            input_mode: body.input_mode ?? 'audio',
            output_mode: body.output_mode ?? 'audio',
            language: body.language ?? target.language,
            metadata: body.metadata ?? {},
            resumed: Boolean(body.resume_conversation_id),
            restore_state: checkpoint ? (JSON.parse(checkpoint.state) as unknown) : {},
          });
        } catch (cause) {
          request.log.warn({ err: cause }, 'Transport unreachable');
          throw new HttpError(503, 'the Transport is unreachable; try again shortly');
        }
        const ttl = deps.rtTokenSeconds ?? 600;
        const rt_token = await deps.transport.participantToken(room, `visitor-${visitorId}`, ttl);
        return { rt_token, rt_url: deps.transport.url, expires_in: ttl };
      },
    );
  };
}
