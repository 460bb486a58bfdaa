// `npm run seed`: seeds the demo into DATABASE_URL (default ./data/svc.db); the last line on
// stdout is one JSON object with what a developer needs next. `npm start` reads it and shows the
// demo admin's sign-in; a password chosen in SVC_SEED_ADMIN_PASSWORD is its owner's and is not
// printed. Never in production: the demo admin's default password is public.
import { openDatabase } from '../db/database.js';
import { migrate } from '../db/migrations.js';
import { DEMO_ADMIN, seedDemo } from './seed-demo.js';

if (process.env.NODE_ENV === 'production') {
  console.error(
    'the demo is not seeded with NODE_ENV=production; create the first admin with `npm run bootstrap-admin`',
  );
  process.exit(1);
}
const database = openDatabase(process.env.DATABASE_URL ?? './data/svc.db');
await migrate(database);
const summary = await seedDemo(database);
await database.close();
const chosen = Boolean(process.env.SVC_SEED_ADMIN_PASSWORD);
console.log(
  JSON.stringify({
    ...summary,
    admin: { ...summary.admin, ...(chosen ? {} : { password: DEMO_ADMIN.password }) },
  }),
);
