import { verifyPassword } from '../auth.js';
import type { OpenDatabase } from '../db/database.js';
import { DEMO_ADMIN } from './seed-demo.js';

/** A stored hash no password matches (`verifyPassword` knows only `scrypt$...`). */
export const LOCKED_PASSWORD_HASH = 'locked$the-public-demo-password';

/**
 * Locks the demo admin out when it still has the demo's public password: its hash becomes one no
 * password matches and its sessions end. Production runs this at start, since earlier versions
 * seeded the demo into any empty database, production's included; an operator who needs that
 * admin gives it a password of their own with `npm run reset-admin-password`. Answers whether it
 * locked it.
 */
export async function lockPublicDemoAdmin(database: OpenDatabase): Promise<boolean> {
  const { db } = database;
  const admin = await db
    .selectFrom('admins')
    .select(['id', 'password_hash'])
    .where('email', '=', DEMO_ADMIN.email)
    .executeTakeFirst();
  if (!admin || !(await verifyPassword(DEMO_ADMIN.password, admin.password_hash))) return false;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('admins')
      .set({ password_hash: LOCKED_PASSWORD_HASH })
      .where('id', '=', admin.id)
      .execute();
    await trx.deleteFrom('admin_sessions').where('admin_id', '=', admin.id).execute();
  });
  return true;
}
