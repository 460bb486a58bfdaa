import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { installErrorHandling } from './errors.js';
import { publicRoutes, type PublicRouteDeps } from './routes/public.js';

/** What the app is built from; `main.ts` makes them from the environment, tests make their own. */
export type AppDeps = PublicRouteDeps & {
  logger?: boolean;
  /** Requests per IP and minute on the public routes (default 120). */
  publicRateLimit?: number;
};

/** Builds the Platform API with no side effects: no port, no environment, no migrations. */
export async function createApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: 64 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  // In memory per process; the public routes opt in (see routes/public.ts).
  await app.register(rateLimit, {
    global: false,
    max: deps.publicRateLimit ?? 120,
    timeWindow: 60_000,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `rate limited: retry in ${Math.ceil(context.ttl / 1000)} s`,
    }),
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Svc Platform API', version: '1' } },
    transform: jsonSchemaTransform,
  });
  app.get('/healthz', { schema: { hide: true } }, async () => ({ ok: true }));
  await app.register(publicRoutes(deps));
  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  return app;
}
