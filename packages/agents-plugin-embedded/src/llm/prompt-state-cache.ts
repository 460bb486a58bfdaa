// A scenario's evaluated prefix (its instructions and tools: the system prompt) kept on disk:
// every process, and every sequence of a process, starts a conversation of the scenario from it
// (seconds of evaluation on two cores; loading the file takes milliseconds).

import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { cacheDir } from '../cache-dir.js';
import type { Slot } from './llama-runtime.js';

/** What a saved state depends on besides the prompt. */
export interface PromptStateOptions {
  /** The GGUF file that evaluated it. */
  modelPath: string;
  /** The context size it was evaluated in. */
  contextSize: number;
  /**
   * The sequences of that context: a state saved from a context of two sequences does not load
   * into one of four ("Current context sequence size may be smaller that the state of the
   * file").
   */
  sequences: number;
}

/** Where the state of a prefix is kept: one file per model, context shape and prefix. */
function promptStateFile(options: PromptStateOptions, prefix: string): string {
  const key = createHash('sha256')
    .update(`${options.modelPath}\n${options.contextSize}\n${options.sequences}\n${prefix}`)
    .digest('hex')
    .slice(0, 32);
  return join(cacheDir(), 'llm-state', `${key}.bin`);
}

/**
 * Loads the saved state of a prefix (the rendered prompt up to the end of its system part, see
 * `stablePrefix`) into the slot: true once the slot holds it, false when none was saved.
 */
export async function restorePromptState(
  slot: Slot,
  options: PromptStateOptions,
  prefix: string,
): Promise<boolean> {
  if (slot.lastPrompt.startsWith(prefix)) return true;
  const file = promptStateFile(options, prefix);
  if (!existsSync(file)) return false;
  // The file was written by this model (its path is in the key): loading it is safe.
  try {
    await slot.sequence.loadStateFromFile(file, { acceptRisk: true });
  } catch (error) {
    // A file this context cannot take would fail every conversation's first turn, and a new one
    // is never written over it: it goes, the sequence starts empty, and the warm-up saves anew.
    await rm(file, { force: true });
    await slot.sequence.clearHistory();
    slot.lastPrompt = '';
    throw error;
  }
  // What the slot holds beyond the prefix (a warm-up's nudge) is not known here, nor needed.
  slot.lastPrompt = prefix;
  return true;
}

/** Saves the slot's evaluated prompt as the state of its prefix, unless one is saved already. */
export async function savePromptState(
  slot: Slot,
  options: PromptStateOptions,
  prefix: string,
): Promise<void> {
  const file = promptStateFile(options, prefix);
  if (existsSync(file)) return;
  await mkdir(dirname(file), { recursive: true });
  // Written beside and renamed: a reader never sees half a file.
  const partial = `${file}.${process.pid}.partial`;
  await slot.sequence.saveStateToFile(partial);
  await rename(partial, file);
}
