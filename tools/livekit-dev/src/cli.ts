// Command line of the dev tool: `build` makes sure the server binary exists, `path` prints it,
// `start` runs one server in the foreground and prints its URL and keys as one JSON line.
import { ensureLivekitServer, livekitServerPath, startLivekitServer } from './index.js';

const log = (line: string) => process.stderr.write(`${line}\n`);

async function main(command: string | undefined): Promise<void> {
  switch (command) {
    case 'build':
      console.log(ensureLivekitServer(log));
      return;
    case 'path':
      console.log(livekitServerPath());
      return;
    case 'start': {
      const server = await startLivekitServer();
      const { url, httpUrl, apiKey, apiSecret } = server;
      console.log(JSON.stringify({ url, httpUrl, apiKey, apiSecret }));
      const stop = () => void server.stop().then(() => process.exit(0));
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
      return;
    }
    default:
      log('usage: cli.ts build | path | start');
      process.exitCode = 2;
  }
}

main(process.argv[2]).catch((error: unknown) => {
  log(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
