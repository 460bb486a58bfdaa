import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AdminAuth } from '../../auth.js';
import type { OpenDatabase } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import { nextOffset, pageOf, pageQuery, rowsFor } from '../../paging.js';
import { nonBlankText } from '../text.js';
import {
  adminErrors,
  companyOf,
  errorBody,
  idParams,
  principalOf,
  signedInAdminOf,
} from './shared.js';

const session = z.object({
  token: z.string(),
  expires_at: z.string(),
  company_id: z.number(),
  admin_id: z.number(),
});
const admin = z.object({ id: z.number(), email: z.string(), created_at: z.string() });
/**
 * An admin's address as the API accepts it: dot-separated atoms, `@`, a host name with a top-level
 * domain. A pattern rather than `format: email`, whose meaning differs between validators (local
 * parts over 64 characters, quoted ones, IP hosts): what the document says is what is checked.
 */
const email = z
  .string()
  .max(254)
  .regex(
    /^[A-Za-z0-9_'+-]+(\.[A-Za-z0-9_'+-]+)*@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/,
    'an email address such as someone@example.com',
  );
const password = z.string().min(10, 'at least 10 characters').max(1024);

/** What an admin's email and a new password must be, wherever an admin is made (the bootstrap too). */
export const adminCredentials = z.object({ email, password });

/** The token of an `Authorization: Bearer` header (authentication has checked it by now). */
const bearerTokenOf = (request: FastifyRequest) =>
  (request.headers.authorization ?? '').slice('Bearer '.length).trim();

/**
 * Sign-in and sign-up (open), and the signed-in routes: whoami, logout (here or everywhere),
 * password change, admins, API keys.
 * `signup` opens `POST /signup`; off, it answers 403.
 */
export function adminAuthRoutes(deps: {
  auth: AdminAuth;
  database: OpenDatabase;
  signup: boolean;
}): {
  open: FastifyPluginAsyncZod;
  signedIn: FastifyPluginAsyncZod;
} {
  const { db } = deps.database;
  const tags = ['admin: access'];
  return {
    open: async (app) => {
      app.post(
        '/login',
        {
          config: { rateLimit: { max: 20 } },
          schema: {
            operationId: 'login',
            security: [],
            tags,
            summary: 'Sign in; answers a session token for `Authorization: Bearer`',
            body: z.object({
              email: z.string().min(3).max(320),
              password: z.string().min(1).max(1024),
            }),
            response: {
              200: session,
              400: adminErrors[400],
              401: errorBody('Wrong email or password (the same answer for both)'),
              429: adminErrors[429],
            },
          },
        },
        async (request) => deps.auth.login(request.body.email, request.body.password),
      );
      app.post(
        '/signup',
        {
          config: { rateLimit: { max: 10 } },
          schema: {
            operationId: 'signUp',
            security: [],
            tags,
            summary:
              'Create a company and its first admin, signed in; answers what sign-in answers (SVC_SIGNUP)',
            body: z.object({
              company_name: nonBlankText(200),
              email,
              password,
            }),
            response: {
              201: session,
              400: adminErrors[400],
              403: errorBody('Sign-up is off on this server (SVC_SIGNUP=off)'),
              409: errorBody('The email already belongs to an admin'),
              429: adminErrors[429],
            },
          },
        },
        async (request, reply) => {
          if (!deps.signup)
            throw new HttpError(
              403,
              'sign-up is off on this server; ask its operator for an account',
            );
          const { company_name, email: address, password: secret } = request.body;
          return reply.status(201).send(await deps.auth.signUp(company_name, address, secret));
        },
      );
    },
    signedIn: async (app) => {
      app.get(
        '/me',
        {
          schema: {
            operationId: 'getMe',
            tags,
            summary: 'Who is signed in',
            response: {
              200: z.object({
                company: z.object({ id: z.number(), name: z.string() }),
                admin: z.object({ id: z.number(), email: z.string() }).nullable(),
                api_key_id: z.number().nullable(),
              }),
              ...adminErrors,
            },
          },
        },
        async (request) => {
          const principal = principalOf(request);
          const company = await db
            .selectFrom('companies')
            .select(['id', 'name'])
            .where('id', '=', principal.company_id)
            .executeTakeFirstOrThrow();
          const admin = principal.admin_id
            ? await db
                .selectFrom('admins')
                .select(['id', 'email'])
                .where('id', '=', principal.admin_id)
                .executeTakeFirst()
            : undefined;
          return { company, admin: admin ?? null, api_key_id: principal.api_key_id ?? null };
        },
      );

      app.post(
        '/logout',
        {
          schema: {
            operationId: 'logout',
            tags,
            summary: 'End this admin session',
            response: { 204: z.null(), ...adminErrors },
          },
        },
        async (request, reply) => {
          await deps.auth.logout(bearerTokenOf(request));
          return reply.status(204).send(null);
        },
      );

      app.post(
        '/logout-everywhere',
        {
          schema: {
            operationId: 'logoutEverywhere',
            tags,
            summary:
              'End every session of the signed-in admin, this one included (403 for an API key)',
            response: { 204: z.null(), ...adminErrors },
          },
        },
        async (request, reply) => {
          await deps.auth.logoutEverywhere(signedInAdminOf(request).admin_id);
          return reply.status(204).send(null);
        },
      );
      app.post(
        '/password',
        {
          schema: {
            operationId: 'changePassword',
            tags,
            summary:
              "Change the signed-in admin's password; every other session of theirs ends, this one stays",
            body: z.object({
              current_password: z.string().min(1).max(1024),
              new_password: password,
            }),
            response: {
              204: z.null(),
              ...adminErrors,
              403: errorBody(
                'The current password is wrong, or the credential is an API key (it has no password)',
              ),
            },
          },
        },
        async (request, reply) => {
          const { admin_id } = signedInAdminOf(request);
          await deps.auth.changePassword(
            admin_id,
            bearerTokenOf(request),
            request.body.current_password,
            request.body.new_password,
          );
          return reply.status(204).send(null);
        },
      );

      app.get(
        '/admins',
        {
          schema: {
            operationId: 'listAdmins',
            tags,
            summary: "The company's admins, by id (offset paged)",
            querystring: z.object(pageQuery),
            response: {
              200: z.object({ admins: z.array(admin), next_offset: nextOffset }),
              ...adminErrors,
            },
          },
        },
        async (request) => {
          const { rows, next_offset } = pageOf(
            await deps.auth.listAdmins(companyOf(request), request.query),
            request.query,
          );
          return { admins: rows, next_offset };
        },
      );
      app.post(
        '/admins',
        {
          schema: {
            operationId: 'createAdmin',
            tags,
            summary:
              'Add an admin to the company (signed-in admins only; 409 when the email is taken)',
            body: z.object({ email, password }),
            response: { 201: admin, ...adminErrors },
          },
        },
        async (request, reply) => {
          const { company_id } = signedInAdminOf(request);
          return reply
            .status(201)
            .send(
              await deps.auth.createAdmin(company_id, request.body.email, request.body.password),
            );
        },
      );
      app.delete(
        '/admins/:id',
        {
          schema: {
            operationId: 'deleteAdmin',
            tags,
            summary:
              "Remove another admin and end their sessions (409 for the company's last admin, and for the signed-in admin: another admin removes them)",
            params: idParams,
            response: { 204: z.null(), ...adminErrors },
          },
        },
        async (request, reply) => {
          const { company_id, admin_id } = signedInAdminOf(request);
          // Removing oneself would end the session making the request, and could leave a company
          // with admins none of whom meant to be the last: another admin does it.
          if (admin_id === request.params.id)
            throw new HttpError(
              409,
              'conflict: an admin cannot remove themselves; another admin can',
            );
          await deps.auth.deleteAdmin(company_id, request.params.id);
          return reply.status(204).send(null);
        },
      );

      const apiKey = z.object({
        id: z.number(),
        name: z.string(),
        prefix: z.string(),
        created_at: z.string(),
        revoked_at: z.string().nullable(),
      });
      app.get(
        '/api-keys',
        {
          schema: {
            operationId: 'listApiKeys',
            tags,
            summary: "The company's API keys, by id (never the keys themselves; offset paged)",
            querystring: z.object(pageQuery),
            response: {
              200: z.object({ api_keys: z.array(apiKey), next_offset: nextOffset }),
              ...adminErrors,
            },
          },
        },
        async (request) => {
          const { rows, next_offset } = pageOf(
            await db
              .selectFrom('api_keys')
              .select(['id', 'name', 'prefix', 'created_at', 'revoked_at'])
              .where('company_id', '=', companyOf(request))
              .orderBy('id')
              .limit(rowsFor(request.query).limit)
              .offset(request.query.offset)
              .execute(),
            request.query,
          );
          return { api_keys: rows, next_offset };
        },
      );
      app.post(
        '/api-keys',
        {
          schema: {
            operationId: 'createApiKey',
            tags,
            summary: 'Create an API key; the key is in this answer only',
            body: z.object({ name: z.string().min(1).max(100) }),
            response: {
              201: apiKey.omit({ revoked_at: true }).extend({ key: z.string() }),
              ...adminErrors,
            },
          },
        },
        async (request, reply) =>
          reply
            .status(201)
            .send(
              await deps.auth.createApiKey(signedInAdminOf(request).company_id, request.body.name),
            ),
      );
      app.delete(
        '/api-keys/:id',
        {
          schema: {
            operationId: 'revokeApiKey',
            tags,
            summary: 'Revoke an API key',
            params: idParams,
            response: { 204: z.null(), ...adminErrors },
          },
        },
        async (request, reply) => {
          const result = await db
            .updateTable('api_keys')
            .set({ revoked_at: new Date().toISOString() })
            .where('id', '=', request.params.id)
            .where('company_id', '=', signedInAdminOf(request).company_id)
            .where('revoked_at', 'is', null)
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) === 0)
            throw new HttpError(404, `no active API key ${request.params.id}`);
          return reply.status(204).send(null);
        },
      );
    },
  };
}
