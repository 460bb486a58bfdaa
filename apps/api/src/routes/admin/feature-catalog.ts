import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FEATURE_CATALOG, TOOL_OPERATIONS } from '../../feature-catalog.js';
import { adminErrors } from './shared.js';

const jsonSchema = z.record(z.string(), z.unknown());
const catalog = z.object({
  features: z.array(
    z.object({
      type: z.string(),
      title: z.string(),
      description: z.string(),
      settings_schema: jsonSchema,
      tools: z.array(
        z.object({
          name: z.string(),
          type: z.enum(['frontend', 'server']),
          operation: z.enum(TOOL_OPERATIONS),
          description: z.string(),
          parameters: jsonSchema,
          frontend_method: z.string(),
          rpc_timeout_s: z.number(),
        }),
      ),
    }),
  ),
});

/** `GET /feature-catalog`: the feature types a scenario may use, for the studio's forms. */
export const featureCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/feature-catalog',
    {
      schema: {
        operationId: 'getFeatureCatalog',
        tags: ['admin: scenarios'],
        summary:
          'The feature types: title, description, JSON Schema of their settings, and the tools each brings with their defaults',
        response: { 200: catalog, ...adminErrors },
      },
    },
    async () => ({ features: FEATURE_CATALOG.map((feature) => ({ ...feature })) }),
  );
};
