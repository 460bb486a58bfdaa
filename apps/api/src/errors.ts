import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
  // Every route's path by method, to tell a path that exists under another method (405, with the
  // methods it has in `Allow`) from one that does not exist (404). Each entry keeps its pattern.
  const routes = FindMyWay();
  const methods = new Set<HTTPMethod>();

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError)
      return reply.status(error.status).send({ error: error.message });
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path another route names literally (`…/tests/from-conversation`) that a parameter route
      // of this method caught (`…/tests/:testId`) is that other route's path: 405, not 400.
      if (error.validationContext === 'params') {
        const allowed = literalRouteMethods(
          request.method,
          pathOf(request.url),
          request.routeOptions.url,
        );
        if (allowed.length > 0)
          return methodNotAllowed(reply, request.method, pathOf(request.url), allowed);
      }
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
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat() as HTTPMethod[]) {
      // CORS preflights (OPTIONS on every path) and the HEAD twin of each GET say nothing here.
      if (method === 'OPTIONS' || method === 'HEAD') continue;
      methods.add(method);
      try {
        routes.on(method, route.url, () => {}, { pattern: route.url });
      } catch {
        // Declared already (a route registered twice under one path): nothing to add.
      }
    }
  });

  /** The methods other than `method` whose routes match `path`, with the pattern each matched. */
  const matches = (method: string, path: string) =>
    [...methods].flatMap((other) => {
      if (other === method) return [];
      const found = routes.find(other, path);
      return found
        ? [{ method: other, pattern: (found.store as { pattern: string }).pattern }]
        : [];
    });
  /**
   * Methods whose routes name `path` more literally than `pattern`, the route that caught it: at
   * the first segment where the two differ, theirs is text where `pattern` has a parameter.
   */
  const literalRouteMethods = (method: string, path: string, pattern: string | undefined) =>
    matches(method, path)
      .filter((match) => pattern !== undefined && moreLiteral(match.pattern, pattern))
      .map((match) => match.method);

  /** A request no route of its method matches: 405 when other methods have the path, else 404. */
  const unrouted = (request: FastifyRequest, reply: FastifyReply) => {
    const path = pathOf(request.url);
    const allowed = matches(request.method, path).map((match) => match.method);
    if (allowed.length > 0) return methodNotAllowed(reply, request.method, path, allowed);
    return reply.status(404).send({ error: `no route ${request.method} ${request.url}` });
  };
  // Answered before the body is read: an undeclared method that must carry a body (QUERY) would
  // otherwise be refused for its missing Content-Type before anyone looked at the path.
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404) return unrouted(request, reply);
  });
  app.setNotFoundHandler(unrouted);
}

const pathOf = (url: string) => url.split('?')[0] ?? url;

/** Whether route pattern `other` names the same paths as `pattern` with text for a parameter. */
function moreLiteral(other: string, pattern: string): boolean {
  const theirs = other.split('/');
  const ours = pattern.split('/');
  if (theirs.length !== ours.length) return false;
  for (const [index, segment] of ours.entries()) {
    const their = theirs[index] ?? '';
    if (segment === their) continue;
    return segment.startsWith(':') && !their.startsWith(':') && !their.includes('*');
  }
  return false;
}

function methodNotAllowed(
  reply: FastifyReply,
  method: string,
  path: string,
  allowed: readonly string[],
): FastifyReply {
  return reply
    .status(405)
    .header('allow', allowed.join(', '))
    .send({ error: `${method} is not allowed on ${path}; it answers ${allowed.join(', ')}` });
}

/**
 * The answer to an error Fastify's router raises before any route runs (a parameter longer than
 * the router's limit: 414; a malformed URL: 400), as `{ error }` like every other failure.
 */
export function frameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  void reply.status(error.statusCode ?? 400).send({ error: error.message });
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
