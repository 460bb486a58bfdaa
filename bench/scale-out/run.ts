// The scale-out smoke at full size: 40 typed conversations over two livekit-server nodes on one
// Redis, two API replicas on one PostgreSQL and two agent workers, while one node, one replica and
// one worker are stopped (the e2e test runs the same with fewer conversations).
//
//   npm run scale-out -w @svc/bench [-- --conversations N]
//
// Prints the figures (conversations completed, ended by a stop and restarted, messages lost, 5xx,
// session-start p50/p95) and exits 1 when a conversation never completed, a message was lost or a
// 5xx was answered.
import { cpus } from 'node:os';
import { ensureLivekitServer } from '@svc/livekit-dev';
import { formatFigures, runScaleOut } from '@svc/e2e/scale-out';

const index = process.argv.indexOf('--conversations');
const conversations = index >= 0 ? Number(process.argv[index + 1]) : 40;

// Forty rtc-node visitors in one process under heavy load: rtc-node has thrown from a finalizer
// ("trying to drop an invalid handle") after a failed join, which would end the run. Such an
// error belongs to one visitor's client, not to the service: it is counted and printed.
const clientErrors: string[] = [];
process.on('uncaughtException', (error) => {
  clientErrors.push(String(error));
  process.stderr.write(`visitor client error: ${String(error)}\n`);
});

await ensureLivekitServer();
const figures = await runScaleOut({
  conversations,
  // Visitors arrive a second apart: each conversation starts a job process.
  arrivalMs: 1500,
  log: (line) => process.stderr.write(`${line}\n`),
});
console.log(
  `\nscale-out smoke, ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores, Node ${process.version}`,
);
console.log(formatFigures(figures));
console.log(`errors thrown by the visitors' Transport client (rtc-node): ${clientErrors.length}`);
const failed =
  figures.completed < conversations ||
  figures.lostMessages > 0 ||
  figures.serverErrors.visitors + figures.serverErrors.apiLogs > 0;
process.exit(failed ? 1 : 0);
