import { describeProblems, type ServingProblem } from '@svc/protocol/agent';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AdminPrincipal } from '../../auth.js';
import type { Scenario } from '../../scenarios.js';
import { HttpError } from '../../errors.js';
import { securityOf } from '../../openapi.js';
import { recordIdParam } from '../record-id.js';

const principals = new WeakMap<FastifyRequest, AdminPrincipal>();

/**
 * Remembers who made the request (set by the admin routes' authentication hook). Kept as its own
 * fields on an object without a prototype: whether a credential is an admin must come from the
 * credential, never from a property every object inherits (a polluted `Object.prototype.admin_id`
 * once turned API keys into admins).
 */
export function setPrincipal(request: FastifyRequest, principal: AdminPrincipal): void {
  const own = Object.create(null) as AdminPrincipal;
  own.company_id = principal.company_id;
  if (Object.hasOwn(principal, 'admin_id') && principal.admin_id !== undefined)
    own.admin_id = principal.admin_id;
  if (Object.hasOwn(principal, 'api_key_id') && principal.api_key_id !== undefined)
    own.api_key_id = principal.api_key_id;
  principals.set(request, own);
}

/** The company an authenticated admin request acts for. */
export function companyOf(request: FastifyRequest): number {
  const principal = principals.get(request);
  if (!principal) throw new HttpError(401, 'not authenticated');
  return principal.company_id;
}

/** Who made the request. */
export function principalOf(request: FastifyRequest): AdminPrincipal {
  const principal = principals.get(request);
  if (!principal) throw new HttpError(401, 'not authenticated');
  return principal;
}

/**
 * The company of a signed-in admin; 403 for an API key. Keys automate content: one that leaked
 * must not be able to mint admins or further keys that outlive its revocation.
 */
export function signedInAdminOf(request: FastifyRequest): AdminPrincipal & { admin_id: number } {
  const principal = principalOf(request);
  const adminId = Object.hasOwn(principal, 'admin_id') ? principal.admin_id : undefined;
  if (typeof adminId !== 'number')
    throw new HttpError(
      403,
      'sign in as an admin for this; an API key cannot manage admins or keys',
    );
  return { ...principal, admin_id: adminId };
}

/** The `{ error }` body every failure answers, described for the OpenAPI document. */
export const errorBody = (description: string) =>
  z.object({ error: z.string() }).describe(description);

/** Requests per IP and minute over the signed-in admin routes unless the app is told otherwise. */
export const ADMIN_RATE_LIMIT = 1200;

/**
 * The failures every signed-in admin route can answer, documented on each operation so a
 * generated client knows their bodies.
 */
export const adminErrors = {
  400: errorBody('The body, query or path does not match the schema; the message names the field'),
  401: errorBody('Missing, invalid or expired admin session token or API key'),
  403: errorBody('This credential may not do this (an API key cannot manage admins or keys)'),
  404: errorBody("Not found, or not this company's (ids of other companies are never confirmed)"),
  409: errorBody('A duplicate of a unique value, or a record others still refer to'),
  429: errorBody('Rate limited: too many requests from this address; retry after the window'),
};

/** `security` of a signed-in admin operation: an admin session token or an API key. */
export const bearerSecurity = securityOf('admin');

export { MAX_ID, recordId, recordIdParam } from '../record-id.js';

/** A numeric id in the path. */
export const idParams = z.object({ id: recordIdParam });

/** Cursor pagination: `limit` (1-200, default 50) and the `cursor` a previous page answered. */
export const page = {
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
};

/** The fields of `Shape`, each optional and without the default it has on create. */
export type ChangesShape<Shape extends z.ZodRawShape> = {
  [Key in keyof Shape]: z.ZodOptional<
    Shape[Key] extends z.ZodDefault<infer Inner extends z.ZodType> ? Inner : Shape[Key]
  >;
};

/**
 * The body of a PATCH from the body of the matching create: every field optional and none with a
 * default. zod's `.partial()` keeps `.default()`, so a field the PATCH leaves out would arrive
 * as its default and overwrite the stored value; a PATCH must change only what it names.
 */
export function changesOf<Shape extends z.ZodRawShape>(
  body: z.ZodObject<Shape>,
): z.ZodObject<ChangesShape<Shape>> {
  const shape = Object.fromEntries(
    Object.entries(body.shape).map(([key, field]) => [
      key,
      z.optional(field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : field),
    ]),
  );
  return z.object(shape) as unknown as z.ZodObject<ChangesShape<Shape>>;
}

/** Parses stored JSON columns. */
export const json = <T>(text: string): T => JSON.parse(text) as T;

/**
 * What stops one of a company's scenarios from being served, each problem naming its field; the
 * publish, preview and test-run routes answer 422 with them.
 */
export type ServingProblemsCheck = (
  scenario: Scenario,
  companyId: number,
) => Promise<ServingProblem[]>;

/** Answers 422 naming every field of every serving problem; nothing when there are none. */
export async function refuseUnservable(
  check: ServingProblemsCheck | undefined,
  scenario: Scenario,
  companyId: number,
): Promise<void> {
  const problems = (await check?.(scenario, companyId)) ?? [];
  if (problems.length > 0) throw new HttpError(422, describeProblems(problems));
}

/** The 422 of {@link refuseUnservable}, for the OpenAPI document. */
export const unservable = {
  422: errorBody(
    "The scenario cannot be served: a voice setting breaks the key and address rules, names a credential the company lacks, or the deployment's agent lacks a provider key or language; the message names the field",
  ),
};
