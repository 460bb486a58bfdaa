import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { OpenDatabase } from './db/database.js';
import { HttpError } from './errors.js';
import { rowsFor, type Page } from './paging.js';

/** scrypt's parameters: CPU and memory cost `N` (a power of two), block size `r`, parallelism `p`. */
export interface PasswordCost {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/**
 * scrypt's cost for new hashes: N = 2^17, r = 8, p = 1 (128 MiB, about half a second here), the
 * OWASP Password Storage Cheat Sheet's current recommendation. Hashes keep their parameters, so
 * older ones still verify and are rehashed at these on the next successful sign-in.
 */
export const PASSWORD_COST: PasswordCost = { N: 1 << 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
// One derivation needs 128 * N * r bytes; Node's default `maxmem` (32 MiB) refuses that.
const maxmemFor = (N: number, r: number) => 2 * 128 * N * r;
// Each derivation holds 128 MiB on a libuv worker: two at a time bound the memory a burst of
// sign-ins can take (and leave the other workers to file and DNS work); the rest wait their turn.
const DERIVATIONS_AT_ONCE = 2;
let derivationsRunning = 0;
const derivationsWaiting: (() => void)[] = [];

/** Runs `work` in one of the derivation slots, waiting for one to free up. */
async function inDerivationSlot<T>(work: () => Promise<T>): Promise<T> {
  if (derivationsRunning < DERIVATIONS_AT_ONCE) derivationsRunning += 1;
  else await new Promise<void>((resolve) => derivationsWaiting.push(resolve));
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, so no newcomer slips in between.
    const next = derivationsWaiting.shift();
    if (next) next();
    else derivationsRunning -= 1;
  }
}

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return inDerivationSlot(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem: maxmemFor(N, r) }, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );
}

/**
 * Hashes a password as `scrypt$N$r$p$salt$hash` (base64url), parameters kept for later changes;
 * at {@link PASSWORD_COST} unless told another `cost`.
 */
export async function hashPassword(password: string, cost = PASSWORD_COST): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = cost;
  const key = await derive(password, salt, N, r, p);
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Checks a password against its hash in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(
    password,
    Buffer.from(salt, 'base64url'),
    Number(N),
    Number(r),
    Number(p),
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Whether a stored hash was made with other parameters than `cost` (default {@link PASSWORD_COST}). */
export function needsRehash(stored: string, cost = PASSWORD_COST): boolean {
  const [scheme, N, r, p] = stored.split('$');
  return (
    scheme !== 'scrypt' || Number(N) !== cost.N || Number(r) !== cost.r || Number(p) !== cost.p
  );
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Prefixes tell the credentials apart at a glance (and in secret scanners). */
export const CREDENTIAL_PREFIX = { session: 'svc_as_', apiKey: 'svc_sk_' } as const;

/** Lifetime of an admin session, seconds. */
export const ADMIN_SESSION_SECONDS = 12 * 3600;

/** Who made an admin request: an admin signed in, or a company API key. */
export interface AdminPrincipal {
  company_id: number;
  /** Set for a signed-in admin. */
  admin_id?: number;
  /** Set for an API key. */
  api_key_id?: number;
}

/** How {@link createAdminAuth} hashes passwords. */
export interface AdminAuthOptions {
  /**
   * The scrypt cost of new hashes and of those a sign-in brings up to date (default
   * {@link PASSWORD_COST}). Tests that create and sign in many admins pass a cheap one; stored
   * hashes keep their own, so either verifies everywhere.
   */
  passwordCost?: PasswordCost;
}

/** Admin sign-in, sessions and API keys. */
export function createAdminAuth(database: OpenDatabase, options: AdminAuthOptions = {}) {
  const { db } = database;
  const now = () => new Date().toISOString();
  const cost = options.passwordCost ?? PASSWORD_COST;
  const hash = (password: string) => hashPassword(password, cost);
  // Verified against when the email is unknown, so that answer takes as long as a wrong password:
  // made on the first such sign-in, at this cost.
  let dummy: Promise<string> | undefined;
  const dummyHash = () => (dummy ??= hash(randomBytes(8).toString('hex')));

  /** A new session for an admin: what sign-in and sign-up answer. */
  async function openSession(admin: { id: number; company_id: number }) {
    const token = CREDENTIAL_PREFIX.session + randomBytes(32).toString('base64url');
    const expires = new Date(Date.now() + ADMIN_SESSION_SECONDS * 1000).toISOString();
    await db
      .insertInto('admin_sessions')
      .values({
        token_hash: sha256(token),
        admin_id: admin.id,
        expires_at: expires,
        created_at: now(),
      })
      .execute();
    return { token, expires_at: expires, company_id: admin.company_id, admin_id: admin.id };
  }

  return {
    /** Signs an admin in; the same answer for an unknown email and a wrong password. */
    async login(email: string, password: string) {
      const admin = await db
        .selectFrom('admins')
        .select(['id', 'company_id', 'password_hash'])
        .where('email', '=', email.toLowerCase())
        .executeTakeFirst();
      // Hash even when the email is unknown, so timing does not tell which emails exist.
      const ok = await verifyPassword(password, admin?.password_hash ?? (await dummyHash()));
      if (!admin || !ok) throw new HttpError(401, 'wrong email or password');
      // The password is at hand only now: a hash of an older cost is brought up to today's.
      if (needsRehash(admin.password_hash, cost))
        await db
          .updateTable('admins')
          .set({ password_hash: await hash(password) })
          .where('id', '=', admin.id)
          .execute();
      return openSession(admin);
    },

    /**
     * Creates a company and its first admin, and signs that admin in. An email already taken is a
     * conflict (409), and nothing is created.
     */
    async signUp(companyName: string, email: string, password: string) {
      const passwordHash = await hash(password);
      const admin = await db.transaction().execute(async (trx) => {
        const company = await trx
          .insertInto('companies')
          .values({ name: companyName, created_at: now() })
          .returning('id')
          .executeTakeFirstOrThrow();
        return trx
          .insertInto('admins')
          .values({
            company_id: company.id,
            email: email.toLowerCase(),
            password_hash: passwordHash,
            created_at: now(),
          })
          .returning(['id', 'company_id'])
          .executeTakeFirstOrThrow();
      });
      return openSession(admin);
    },

    /** The company's admins, oldest first. */
    /** The company's admins by id; with `page`, one more than the page (see `paging.ts`). */
    listAdmins: (companyId: number, page?: Page) =>
      db
        .selectFrom('admins')
        .select(['id', 'email', 'created_at'])
        .where('company_id', '=', companyId)
        .orderBy('id')
        .$if(page !== undefined, (query) =>
          query.limit(rowsFor(page as Page).limit).offset((page as Page).offset),
        )
        .execute(),

    /**
     * Deletes one of the company's admins and their sessions: 404 when it is not the company's,
     * 409 for the last one (a company nobody can sign in to could not be managed again).
     */
    async deleteAdmin(companyId: number, adminId: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const admins = await trx
          .selectFrom('admins')
          .select('id')
          .where('company_id', '=', companyId)
          .execute();
        if (!admins.some((admin) => admin.id === adminId))
          throw new HttpError(404, `unknown admin ${adminId}`);
        if (admins.length === 1)
          throw new HttpError(409, 'conflict: the last admin of a company cannot be deleted');
        await trx.deleteFrom('admins').where('id', '=', adminId).execute();
      });
    },

    async logout(token: string): Promise<void> {
      await db.deleteFrom('admin_sessions').where('token_hash', '=', sha256(token)).execute();
    },

    /** Ends every session of an admin, on every device, the one asking included. */
    async logoutEverywhere(adminId: number): Promise<void> {
      await db.deleteFrom('admin_sessions').where('admin_id', '=', adminId).execute();
    },

    /**
     * Changes an admin's password when `currentPassword` is theirs (403 otherwise), and ends
     * every other session of theirs: whoever held the old password is signed out, the device
     * making the change stays signed in.
     */
    async changePassword(
      adminId: number,
      currentToken: string,
      currentPassword: string,
      newPassword: string,
    ): Promise<void> {
      const admin = await db
        .selectFrom('admins')
        .select('password_hash')
        .where('id', '=', adminId)
        .executeTakeFirst();
      if (!admin || !(await verifyPassword(currentPassword, admin.password_hash)))
        throw new HttpError(403, 'the current password is wrong');
      const passwordHash = await hash(newPassword);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('admins')
          .set({ password_hash: passwordHash })
          .where('id', '=', adminId)
          .execute();
        await trx
          .deleteFrom('admin_sessions')
          .where('admin_id', '=', adminId)
          .where('token_hash', '!=', sha256(currentToken))
          .execute();
      });
    },

    /** Creates an admin for a company; the email is stored lower-cased (409 when taken). */
    async createAdmin(companyId: number, email: string, password: string) {
      return db
        .insertInto('admins')
        .values({
          company_id: companyId,
          email: email.toLowerCase(),
          password_hash: await hash(password),
          created_at: now(),
        })
        .returning(['id', 'email', 'created_at'])
        .executeTakeFirstOrThrow();
    },

    /** A new API key; the key itself is returned once and stored only as a hash. */
    async createApiKey(companyId: number, name: string) {
      const key = CREDENTIAL_PREFIX.apiKey + randomBytes(24).toString('base64url');
      const row = await db
        .insertInto('api_keys')
        .values({
          company_id: companyId,
          name,
          prefix: key.slice(0, 12),
          key_hash: sha256(key),
          created_at: now(),
          revoked_at: null,
        })
        .returning(['id', 'name', 'prefix', 'created_at'])
        .executeTakeFirstOrThrow();
      return { ...row, key };
    },

    /** The principal of an `Authorization: Bearer` admin session token or API key; 401 otherwise. */
    async authenticate(request: FastifyRequest): Promise<AdminPrincipal> {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ')
        ? header.slice('Bearer '.length).trim()
        : undefined;
      if (!token)
        throw new HttpError(401, 'missing Bearer token (an admin session token or an API key)');
      if (token.startsWith(CREDENTIAL_PREFIX.session)) {
        const session = await db
          .selectFrom('admin_sessions as s')
          .innerJoin('admins as a', 'a.id', 's.admin_id')
          .select(['a.id', 'a.company_id', 's.expires_at'])
          .where('s.token_hash', '=', sha256(token))
          .executeTakeFirst();
        if (session && session.expires_at > now())
          return { company_id: session.company_id, admin_id: session.id };
      } else if (token.startsWith(CREDENTIAL_PREFIX.apiKey)) {
        const key = await db
          .selectFrom('api_keys')
          .select(['id', 'company_id'])
          .where('key_hash', '=', sha256(token))
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        if (key) return { company_id: key.company_id, api_key_id: key.id };
      }
      // Visitor JWTs and the agent's key land here too: they never open the admin API.
      throw new HttpError(401, 'invalid or expired admin credentials');
    },
  };
}

/** Admin sign-in and keys. */
export type AdminAuth = ReturnType<typeof createAdminAuth>;

/** Checks the agent's service key (`Authorization: Bearer <SVC_AGENT_KEY>`) in constant time. */
export function checkAgentKey(request: FastifyRequest, agentKey: string): void {
  const header = request.headers.authorization ?? '';
  const given = Buffer.from(sha256(header.startsWith('Bearer ') ? header.slice(7).trim() : ''));
  if (!timingSafeEqual(given, Buffer.from(sha256(agentKey)))) {
    throw new HttpError(401, 'missing or wrong agent key');
  }
}
