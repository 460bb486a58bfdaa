// `npm run reset-admin-password -w @svc/api -- --email <address>`: a new password for an admin,
// every session of theirs ended (reset-admin-password.ts). Reads DATABASE_URL; the password comes
// from stdin: piped, its first line; typed at a terminal, without echo.
import { AdminCommandError } from './bootstrap-admin.js';
import { openDatabase } from './db/database.js';
import { migrate } from './db/migrations.js';
import { passwordFromStdin } from './password-prompt.js';
import { runResetAdminPassword } from './reset-admin-password.js';

const database = openDatabase(process.env.DATABASE_URL ?? './data/svc.db');
try {
  await migrate(database);
  console.log(
    await runResetAdminPassword(
      process.argv.slice(2),
      () => passwordFromStdin('New password (10+ characters): '),
      database,
    ),
  );
} catch (error) {
  if (!(error instanceof AdminCommandError)) throw error;
  console.error(`reset-admin-password: ${error.message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
