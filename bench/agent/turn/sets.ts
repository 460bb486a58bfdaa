// The turn sets (frozen: `sets/frozen.json` holds each file's sha256; a changed set is a new set).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** A language of the turn sets. */
export type SetLanguage = 'en' | 'fr' | 'es' | 'de';

/** A request spoken in two parts with a pause between them. */
export interface PausedRequest {
  id: string;
  language: SetLanguage;
  setting: 'shop' | 'desk';
  /** Whether the first part is a complete sentence on its own. */
  cut: 'complete' | 'incomplete';
  parts: [string, string];
  pauseMs: number;
}

/**
 * A reading by a real person with a pause made inside it: the speech from `speechStartMs` to
 * `gapStartMs`, `pauseMs` of silence, then from `gapEndMs` to `speechEndMs` (ms into the file).
 */
export interface PausedRecording {
  id: string;
  language: SetLanguage;
  /** The file in `../speech/recordings/`. */
  recording: string;
  speechStartMs: number;
  gapStartMs: number;
  gapEndMs: number;
  speechEndMs: number;
  pauseMs: number;
}

/** What a visitor says or does while the agent speaks. */
export interface Overlap {
  id: string;
  language: SetLanguage;
  kind: 'backchannel' | 'interruption' | 'sound';
  /** What is said (a laugh is said too); absent for a cough, which is made. */
  text?: string;
  sound?: 'cough' | 'cough-double';
}

/** The part of a set a run reads: `dev` to work on, `heldout` only to report. */
export type SetPart = 'dev' | 'heldout';

const here = (path: string) => new URL(path, import.meta.url);

/** A set's part, after checking the file is the one that was frozen. */
export function loadSet<Item>(id: string, part: SetPart): Item[] {
  const bytes = readFileSync(here(`./sets/${id}.json`));
  const frozen = JSON.parse(readFileSync(here('./sets/frozen.json'), 'utf8')) as Record<
    string,
    string
  >;
  if (createHash('sha256').update(bytes).digest('hex') !== frozen[id])
    throw new Error(`${id} differs from its frozen sha256: a changed set is a new set`);
  const set = JSON.parse(bytes.toString('utf8')) as Record<SetPart, Item[]>;
  return set[part];
}
