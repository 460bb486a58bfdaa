// `npm run seed`: seeds the demo into DATABASE_URL (default ./data/svc.db); the last line on
// stdout is one JSON object with what a developer needs next.
import { openDatabase } from '../db/database.js';
import { migrate } from '../db/migrations.js';
import { seedDemo } from './seed-demo.js';

const database = openDatabase(process.env.DATABASE_URL ?? './data/svc.db');
await migrate(database);
const summary = await seedDemo(database);
await database.close();
console.log(JSON.stringify(summary));
