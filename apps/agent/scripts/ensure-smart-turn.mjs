#!/usr/bin/env node
// Installs Pipecat's Smart Turn v3.2, an end-of-turn model that reads the last 8 s of a turn's
// audio (8.7 MB of ONNX, BSD-2, 23 languages), outside the workspace and once per machine. The
// PyPI package pipecat-ai carries it; only the model and the package's licence are kept.
// Pinned: the package by version, its wheel and both files by sha256. The model runs on
// onnxruntime-node (an npm dependency) with log-mel features computed in TypeScript
// (`src/turn/smart-turn.ts`). Not part of the set-up: the agent does not use it by default, and
// the turn bench runs this itself. Runs with Node alone (plus python3 with pip, or its venv
// module, to ask PyPI); does nothing that is already done.
//
//   node apps/agent/scripts/ensure-smart-turn.mjs
//
// Prints one JSON line at the end: {"smartTurn": folder}.

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

/** The model: the wheel that carries it and the sha256 of every file it ends with. */
const MODEL = {
  requirement: 'pipecat-ai==1.14.0',
  wheelSha256: '0352f504b44e78bdf524e45af4bc759601c835b9b7dc195efe5e03384b974a44',
  files: {
    'pipecat/audio/turn/smart_turn/data/smart-turn-v3.2-cpu.onnx':
      '2bb026316b14a660486a75b1733cd3fbab8c2fd0314dc9af7be49f8cca967e4f',
    'pipecat_ai-1.14.0.dist-info/licenses/LICENSE':
      'e31a733ecb79cbffafd5474e964e5eca15e0a0876a42b1d7253b51b198eb61aa',
  },
};

const log = createLog('ensure-smart-turn');

try {
  const cache = cacheDir();
  const { folder } = await installFolder({
    target: join(cache, 'models', 'smart-turn-v3.2'),
    // Each file lands under its base name.
    files: Object.fromEntries(
      Object.entries(MODEL.files).map(([path, digest]) => [path.split('/').pop(), digest]),
    ),
    log,
    build: async ({ folder, work }) => {
      log(`fetching Smart Turn v3.2 from PyPI (${MODEL.requirement}, about 12 MB)`);
      const wheel = await downloadWheel({
        python: pythonWithPip(join(cache, 'tools')),
        requirement: MODEL.requirement,
        into: join(work, 'wheel'),
        sha256: MODEL.wheelSha256,
      });
      await extractZip(wheel, folder, namedEntries(Object.keys(MODEL.files)));
    },
  });
  console.log(JSON.stringify({ smartTurn: folder }));
} catch (error) {
  reportFailure('ensure-smart-turn', error);
}
