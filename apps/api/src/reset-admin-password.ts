// An admin's password set from the host: `npm run reset-admin-password -w @svc/api -- --email
// <address>`, the new password on stdin. The way back in when a company's only admin forgot
// theirs (the last admin cannot be deleted, and the bootstrap refuses once any admin exists). It
// takes what the API's own process has, the database, so it opens nothing new to anyone.
import { parseArgs } from 'node:util';
import { hashPassword } from './auth.js';
import { AdminCommandError } from './bootstrap-admin.js';
import type { OpenDatabase } from './db/database.js';
import { adminCredentials } from './routes/admin/auth.js';

/**
 * Gives the admin with `email` a new password and ends every session of theirs; answers their id
 * and how many sessions ended. An unknown email or a password under 10 characters changes nothing.
 */
export async function resetAdminPassword(
  database: OpenDatabase,
  email: string,
  password: string,
): Promise<{ admin_id: number; sessions_ended: number }> {
  const checked = adminCredentials.shape.password.safeParse(password);
  if (!checked.success)
    throw new AdminCommandError(`password: ${checked.error.issues[0]?.message ?? 'invalid'}`);
  const passwordHash = await hashPassword(password);
  return database.db.transaction().execute(async (trx) => {
    const admin = await trx
      .selectFrom('admins')
      .select('id')
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
    if (!admin) throw new AdminCommandError(`no admin has the email ${email}`);
    await trx
      .updateTable('admins')
      .set({ password_hash: passwordHash })
      .where('id', '=', admin.id)
      .execute();
    const ended = await trx
      .deleteFrom('admin_sessions')
      .where('admin_id', '=', admin.id)
      .executeTakeFirst();
    return { admin_id: admin.id, sessions_ended: Number(ended.numDeletedRows) };
  });
}

/**
 * `reset-admin-password --email <address>` with the new password from `password`: answers the
 * line to print (the admin's id and email, the sessions ended; never the password).
 */
export async function runResetAdminPassword(
  argv: string[],
  password: () => Promise<string>,
  database: OpenDatabase,
): Promise<string> {
  let email: string | undefined;
  try {
    email = parseArgs({ args: argv, options: { email: { type: 'string' } }, strict: true }).values
      .email;
  } catch (error) {
    throw new AdminCommandError((error as Error).message);
  }
  if (!email)
    throw new AdminCommandError(
      'usage: reset-admin-password --email <address>, the new password on stdin',
    );
  const reset = await resetAdminPassword(database, email, await password());
  return JSON.stringify({ ...reset, email: email.toLowerCase() });
}
