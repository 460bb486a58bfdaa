import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AdminPrincipal } from '../../auth.js';
import { HttpError } from '../../errors.js';

const principals = new WeakMap<FastifyRequest, AdminPrincipal>();

/** Remembers who made the request (set by the admin routes' authentication hook). */
export function setPrincipal(request: FastifyRequest, principal: AdminPrincipal): void {
  principals.set(request, principal);
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

/** `{ error }` bodies of the admin routes. */
const error = z.object({ error: z.string() });
export const adminErrors = { 400: error, 401: error, 403: error, 404: error, 409: error };

/** A numeric id in the path. */
export const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Cursor pagination: `limit` (1-200, default 50) and the `cursor` a previous page answered. */
export const page = {
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
};

/** Parses stored JSON columns. */
export const json = <T>(text: string): T => JSON.parse(text) as T;
