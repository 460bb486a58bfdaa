// The first admin of a deployment. Production starts with no admin and no demo (SVC_SEED_DEMO is
// refused there), and sign-up is off, so the operator creates the first company and its admin
// from the host: `npm run bootstrap-admin -w @svc/api -- --email <address> --company <name>`, the
// password on stdin, never in the arguments (they show in `ps` and shell history) nor in a log.
import type { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { hashPassword } from './auth.js';
import type { OpenDatabase } from './db/database.js';
import { withStartupLock } from './db/startup-lock.js';
import { adminCredentials } from './routes/admin/auth.js';
import { nonBlankText } from './routes/text.js';

/** What the bootstrap creates: a company and its first admin. */
export interface BootstrapInput {
  company: string;
  email: string;
  password: string;
}

/**
 * Why an admin command (bootstrap, password reset) did nothing: bad input, an admin that exists
 * already, or one that does not.
 */
export class AdminCommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

const bootstrapInput = adminCredentials.extend({ company: nonBlankText(200) });

/**
 * Creates a company and its admin when the database has no admin at all, and refuses otherwise:
 * once anyone can sign in, admins are added from the Studio by an admin, so a bootstrap cannot be
 * replayed to take over a running deployment. Replicas and a second bootstrap started at the same
 * time are kept apart by the start-up lock.
 */
export async function bootstrapAdmin(
  database: OpenDatabase,
  input: BootstrapInput,
): Promise<{ company_id: number; admin_id: number }> {
  const parsed = bootstrapInput.safeParse(input);
  if (!parsed.success)
    throw new AdminCommandError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
    );
  const passwordHash = await hashPassword(parsed.data.password);
  const now = new Date().toISOString();
  return withStartupLock(database, () =>
    database.db.transaction().execute(async (trx) => {
      const existing = await trx.selectFrom('admins').select('id').limit(1).executeTakeFirst();
      if (existing)
        throw new AdminCommandError(
          'an admin exists already, so there is nothing to bootstrap; an admin adds others in the Studio',
        );
      const company = await trx
        .insertInto('companies')
        .values({ name: parsed.data.company, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const admin = await trx
        .insertInto('admins')
        .values({
          company_id: company.id,
          email: parsed.data.email.toLowerCase(),
          password_hash: passwordHash,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { company_id: company.id, admin_id: admin.id };
    }),
  );
}

/** The first line of `input`: the password, piped or typed. */
export async function readFirstLine(input: Readable): Promise<string> {
  let text = '';
  for await (const chunk of input) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return (text.split(/\r?\n/)[0] ?? '').trimEnd();
}

/**
 * `bootstrap-admin --email <address> --company <name>` with the password as the first line of
 * `password`: creates the first admin and answers the line to print (ids and email, no password).
 */
export async function runBootstrapAdmin(
  argv: string[],
  password: () => Promise<string>,
  database: OpenDatabase,
): Promise<string> {
  let values: { email?: string | undefined; company?: string | undefined };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { email: { type: 'string' }, company: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    throw new AdminCommandError((error as Error).message);
  }
  if (!values.email || !values.company)
    throw new AdminCommandError(
      'usage: bootstrap-admin --email <address> --company <name>, the password on stdin',
    );
  const created = await bootstrapAdmin(database, {
    company: values.company,
    email: values.email,
    password: await password(),
  });
  return JSON.stringify({ ...created, email: values.email.toLowerCase() });
}
