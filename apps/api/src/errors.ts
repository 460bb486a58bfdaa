import type { FastifyError, FastifyInstance } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error with the HTTP status it answers; its message is the `{ error }` body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Every failure answers `{ "error": "..." }` with its status; nothing unexpected leaks. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError)
      return reply.status(error.status).send({ error: error.message });
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const path = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
      return reply.status(400).send({ error: `${path}: ${issue?.message ?? 'invalid'}` });
    }
    const conflict = constraintConflict(error);
    if (conflict) return reply.status(409).send({ error: conflict });
    if (typeof error.statusCode === 'number' && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ error: error.message });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ error: 'internal error' });
  });
  // Every route's path by method, to tell a path that exists under another method (405, with the
  // methods it has in `Allow`) from one that does not exist (404).
  const routes = FindMyWay();
  const methods = new Set<HTTPMethod>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat() as HTTPMethod[]) {
      // CORS preflights (OPTIONS on every path) and the HEAD twin of each GET say nothing here.
      if (method === 'OPTIONS' || method === 'HEAD') continue;
      methods.add(method);
      try {
        routes.on(method, route.url, () => {});
      } catch {
        // Declared already (a route registered twice under one path): nothing to add.
      }
    }
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    const allowed = [...methods].filter(
      (method) => method !== request.method && routes.find(method, path) !== null,
    );
    if (allowed.length > 0)
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send({
          error: `${request.method} is not allowed on ${path}; it answers ${allowed.join(', ')}`,
        });
    return reply.status(404).send({ error: `no route ${request.method} ${request.url}` });
  });
}

/**
 * A database constraint failure as the conflict it is: a duplicate of a unique value, or a row
 * that others still refer to. Same answer on SQLite and PostgreSQL.
 */
function constraintConflict(error: unknown): string | undefined {
  const code = (error as { code?: unknown }).code;
  if (
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === '23505'
  ) {
    return 'conflict: a record with the same unique value exists';
  }
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503') {
    return 'conflict: other records refer to this one, or it refers to a record that does not exist';
  }
  return undefined;
}
