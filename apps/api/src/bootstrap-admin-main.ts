// `npm run bootstrap-admin -w @svc/api -- --email <address> --company <name>`: the first admin of
// a database with none (bootstrap-admin.ts). Reads DATABASE_URL, migrates, and reads the password
// from stdin: piped, its first line; typed at a terminal, without echo.
import { openDatabase } from './db/database.js';
import { migrate } from './db/migrations.js';
import { BootstrapError, readFirstLine, runBootstrapAdmin } from './bootstrap-admin.js';

/** Asks for the password on stderr and reads it from the terminal without showing it. */
function promptPassword(): Promise<string> {
  const { stdin, stderr } = process;
  stderr.write('Password for the first admin (10+ characters): ');
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let typed = '';
    const done = (outcome: () => void) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      stderr.write('\n');
      outcome();
    };
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === '\r' || character === '\n') return done(() => resolve(typed));
        // Ctrl-C and Ctrl-D give up; backspace forgets the last character.
        if (character === '\u0003' || character === '\u0004')
          return done(() => reject(new BootstrapError('no password given')));
        typed = character === '\u007f' ? typed.slice(0, -1) : typed + character;
      }
    };
    stdin.on('data', onData);
    stdin.resume();
  });
}

const database = openDatabase(process.env.DATABASE_URL ?? './data/svc.db');
try {
  await migrate(database);
  console.log(
    await runBootstrapAdmin(
      process.argv.slice(2),
      () => (process.stdin.isTTY ? promptPassword() : readFirstLine(process.stdin)),
      database,
    ),
  );
} catch (error) {
  if (!(error instanceof BootstrapError)) throw error;
  console.error(`bootstrap-admin: ${error.message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
