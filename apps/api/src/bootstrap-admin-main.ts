// `npm run bootstrap-admin -w @svc/api -- --email <address> --company <name>`: the first admin of
// a database with none (bootstrap-admin.ts). Reads DATABASE_URL, migrates, and reads the password
// from stdin: piped, its first line; typed at a terminal, without echo.
import { AdminCommandError, runBootstrapAdmin } from './bootstrap-admin.js';
import { openDatabase } from './db/database.js';
import { migrate } from './db/migrations.js';
import { passwordFromStdin } from './password-prompt.js';

const database = openDatabase(process.env.DATABASE_URL ?? './data/svc.db');
try {
  await migrate(database);
  console.log(
    await runBootstrapAdmin(
      process.argv.slice(2),
      () => passwordFromStdin('Password for the first admin (10+ characters): '),
      database,
    ),
  );
} catch (error) {
  if (!(error instanceof AdminCommandError)) throw error;
  console.error(`bootstrap-admin: ${error.message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
