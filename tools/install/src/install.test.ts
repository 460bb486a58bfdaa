import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { download, installFolder, InstallError } from './install.mjs';

const BODY = Buffer.from('the weights of a very small model\n'.repeat(4096));
const DIGEST = createHash('sha256').update(BODY).digest('hex');

/** What the server answers per path, and how many requests each path received. */
const requests = new Map<string, number>();
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.set(path, (requests.get(path) ?? 0) + 1);
    if (path === '/model.bin') {
      response.writeHead(200, { 'content-length': BODY.length });
      response.end(BODY);
    } else if (path === '/cut.bin') {
      // Promises the whole body, sends half and drops the connection.
      response.writeHead(200, { 'content-length': BODY.length });
      response.write(BODY.subarray(0, BODY.length / 2), () => response.socket?.destroy());
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let cache: string;
beforeEach(() => {
  cache = mkdtempSync(join(tmpdir(), 'install-test-'));
  requests.clear();
});
afterEach(() => rmSync(cache, { recursive: true, force: true }));

/** Installs `<cache>/models/small` holding `model.bin`, downloaded from `path`. */
function installSmall(path: string, digest: string, lines: string[] = []) {
  return installFolder({
    target: join(cache, 'models', 'small'),
    files: { 'model.bin': digest },
    log: (line) => lines.push(line),
    build: ({ folder }) =>
      download(`${base}${path}`, join(folder, 'model.bin'), {
        log: (line) => lines.push(line),
        attempts: 2,
        retryDelayMs: 0,
      }),
  });
}

describe('installFolder with download', () => {
  it('installs a file whose digest is right, printing progress', async () => {
    const lines: string[] = [];
    const result = await installSmall('/model.bin', DIGEST, lines);
    expect(result).toEqual({ folder: join(cache, 'models', 'small'), installed: true });
    expect(readFileSync(join(cache, 'models', 'small', 'model.bin')).equals(BODY)).toBe(true);
    expect(lines).toContain('model.bin: 100% of 0.1 MB');
    expect(lines.at(-1)).toBe(`installed ${join(cache, 'models', 'small')}`);
    // Nothing but the installed folder is left beside it.
    expect(readdirSync(join(cache, 'models'))).toEqual(['small']);
  });

  it('fails on a wrong digest, naming the file and both digests, and installs nothing', async () => {
    const wrong = '0'.repeat(64);
    const failure = await installSmall('/model.bin', wrong).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(InstallError);
    expect((failure as Error).message).toBe(`model.bin: sha256 ${DIGEST}, expected ${wrong}`);
    expect(readdirSync(join(cache, 'models'))).toEqual([]);
  });

  it('answers at once when the folder is already installed', async () => {
    await installSmall('/model.bin', DIGEST);
    const again = await installSmall('/model.bin', DIGEST);
    expect(again.installed).toBe(false);
    expect(requests.get('/model.bin')).toBe(1);
  });

  it('installs nothing when the download is cut, after trying again', async () => {
    const failure = await installSmall('/cut.bin', DIGEST).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(InstallError);
    expect((failure as Error).message).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/cut\.bin: /);
    expect(requests.get('/cut.bin')).toBe(2);
    expect(readdirSync(join(cache, 'models'))).toEqual([]);
  });
});

describe('download', () => {
  it('leaves neither the file nor its partial download when the body is cut', async () => {
    const destination = join(cache, 'cut.bin');
    const failure = await download(`${base}/cut.bin`, destination, {
      attempts: 1,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(InstallError);
    expect(readdirSync(cache)).toEqual([]);
  });

  it('fails at once on a status that asking again will not change, leaving no file', async () => {
    const destination = join(cache, 'missing.bin');
    const failure = await download(`${base}/missing.bin`, destination, {
      attempts: 3,
      retryDelayMs: 0,
    }).catch((error: unknown) => error);
    expect((failure as Error).message).toBe(`${base}/missing.bin: HTTP 404`);
    expect(requests.get('/missing.bin')).toBe(1);
    expect(existsSync(destination)).toBe(false);
    expect(existsSync(`${destination}.partial`)).toBe(false);
  });
});
