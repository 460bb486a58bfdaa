// Visitor voices made of recorded human speech for the French, Spanish and German evaluations:
// MBROLA's diphone voices (spoken through espeak-ng, which writes their phonemes) and SVOX Pico's.
// Debian carries both outside its main section (MBROLA in contrib and its voices in non-free,
// their licence allowing non-commercial use only; Pico's language files in non-free for want of
// their sources), so the machine's own package sources may not reach them and nothing the product
// installs or runs needs them. This installs them for the evaluation alone, into the cache: the
// packages are fetched with apt from Debian's archive through a sources list of our own (apt
// checks them against the archive's signed indexes), unpacked with `dpkg -x`, never installed
// into the system.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { cacheDir } from '@svc/agents-plugin-embedded';

/** The Debian release whose packages are fetched: the machine's own (bookworm where unsaid). */
const SUITE = (() => {
  try {
    return (
      /^VERSION_CODENAME=(\w+)$/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1] ?? 'bookworm'
    );
  } catch {
    return 'bookworm';
  }
})();

/** The voices the evaluation speaks with (only these are fetched) and what they need. */
const PACKAGES = [
  'mbrola',
  'mbrola-fr1',
  'mbrola-fr4',
  'mbrola-de4',
  'mbrola-de5',
  'libttspico0',
  'libttspico-data',
  'libttspico-utils',
  'libpopt0',
];

/**
 * pico2wave reads its language files from a path built into it (`/usr/share/pico/lang/`, no
 * option changes it). The copy in the cache has that string replaced with this one, no longer,
 * which links to the unpacked files.
 */
const PICO_LANG_LINK = '/tmp/svc-pico/lang/';
const PICO_BUILT_IN = '/usr/share/pico/lang/';

/** How to run the recorded voices' engines. */
export interface RecordedVoiceTools {
  /** Environment for espeak-ng that makes its `mb-*` voices speak (mbrola on the PATH, data). */
  mbrolaEnv: NodeJS.ProcessEnv;
  /** The pico2wave to run and its environment (its libraries). */
  pico: { command: string; env: NodeJS.ProcessEnv };
}

function paths() {
  const root = join(cacheDir(), 'voices', `debian-${SUITE}-nonfree`);
  return {
    root,
    apt: join(root, 'apt'),
    debs: join(root, 'debs'),
    files: join(root, 'files'),
    espeakData: join(root, 'espeak-ng-data-with-mbrola'),
    pico: join(root, 'pico2wave'),
    marker: join(root, 'installed.json'),
  };
}

function tools(): RecordedVoiceTools {
  const where = paths();
  const bin = join(where.files, 'usr', 'bin');
  // The libraries' folders are named for the machine's architecture (`x86_64-linux-gnu`).
  const libraries = [join(where.files, 'usr', 'lib'), join(where.files, 'lib')]
    .filter((folder) => existsSync(folder))
    .flatMap((folder) =>
      readdirSync(folder)
        .filter((name) => name.endsWith('-linux-gnu'))
        .map((name) => join(folder, name)),
    )
    .join(':');
  linkPicoLanguages(join(where.files, 'usr', 'share', 'pico', 'lang'));
  return {
    mbrolaEnv: {
      ...process.env,
      PATH: `${bin}:${process.env.PATH ?? ''}`,
      ESPEAK_DATA_PATH: where.espeakData,
    },
    pico: {
      command: where.pico,
      env: { ...process.env, LD_LIBRARY_PATH: libraries },
    },
  };
}

/** The link pico2wave's changed path points at (made again after a reboot empties /tmp). */
function linkPicoLanguages(target: string): void {
  const link = PICO_LANG_LINK.replace(/\/$/, '');
  if (existsSync(join(link, 'fr-FR_ta.bin'))) return;
  mkdirSync(join(link, '..'), { recursive: true });
  rmSync(link, { force: true });
  symlinkSync(target, link);
}

let installed: RecordedVoiceTools | undefined;

/**
 * Fetches and unpacks the recorded voices once (about 60 MB of packages), then answers how to run
 * them. Throws with what to do when the archive cannot be reached.
 */
export function ensureRecordedVoices(log: (line: string) => void = () => {}): RecordedVoiceTools {
  if (installed) return installed;
  const where = paths();
  if (!existsSync(where.marker)) {
    log(`recorded voices: fetching ${PACKAGES.join(', ')} from Debian ${SUITE} into ${where.root}`);
    rmSync(where.root, { recursive: true, force: true });
    for (const folder of [join(where.apt, 'lists', 'partial'), where.debs, where.files])
      mkdirSync(folder, { recursive: true });
    const sources = join(where.apt, 'sources.list');
    writeFileSync(
      sources,
      `deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian ${SUITE} main contrib non-free\n`,
    );
    const apt = [
      '-q',
      '-o',
      `Dir::Etc::SourceList=${sources}`,
      '-o',
      'Dir::Etc::SourceParts=/dev/null',
      '-o',
      `Dir::State::Lists=${join(where.apt, 'lists')}`,
      '-o',
      `Dir::Cache=${join(where.apt, 'cache')}`,
      // The files are written by this process, not apt's unprivileged sandbox user.
      '-o',
      'APT::Sandbox::User=root',
    ];
    execFileSync('apt-get', [...apt, 'update'], { stdio: 'ignore' });
    execFileSync('apt-get', [...apt, 'download', ...PACKAGES], {
      cwd: where.debs,
      stdio: 'ignore',
    });
    for (const deb of readdirSync(where.debs).filter((name) => name.endsWith('.deb')))
      execFileSync('dpkg', ['-x', join(where.debs, deb), where.files]);
    rmSync(where.debs, { recursive: true, force: true });
    // espeak-ng finds MBROLA voices in its data folder's `mbrola/`: a copy of the system's data
    // with the unpacked voices beside it.
    const systemData = execFileSync(
      'sh',
      ['-c', 'dirname "$(dpkg -L espeak-ng-data | grep /phontab$ | head -1)"'],
      {
        encoding: 'utf8',
      },
    ).trim();
    execFileSync('cp', ['-r', systemData, where.espeakData]);
    mkdirSync(join(where.espeakData, 'mbrola'), { recursive: true });
    const voices = join(where.files, 'usr', 'share', 'mbrola');
    for (const voice of readdirSync(voices))
      symlinkSync(join(voices, voice, voice), join(where.espeakData, 'mbrola', voice));
    const pico = readFileSync(join(where.files, 'usr', 'bin', 'pico2wave'));
    const builtIn = Buffer.from(PICO_BUILT_IN);
    const at = pico.indexOf(builtIn);
    if (at < 0 || pico.indexOf(builtIn, at + 1) >= 0)
      throw new Error('pico2wave: its language path is not where it was expected');
    Buffer.alloc(builtIn.length).copy(pico, at);
    Buffer.from(PICO_LANG_LINK).copy(pico, at);
    writeFileSync(where.pico, pico, { mode: 0o755 });
    writeFileSync(where.marker, JSON.stringify({ suite: SUITE, packages: PACKAGES }));
  }
  installed = tools();
  return installed;
}
