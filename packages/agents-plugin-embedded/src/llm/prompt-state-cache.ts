// Evaluated warm-up prompts kept on disk: every job process of a scenario starts from the
// instructions and tools already evaluated (seconds of work on two cores; loading the file takes
// milliseconds).

import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { cacheDir } from '../cache-dir.js';
import type { Slot } from './llama-runtime.js';

/** What a saved state depends on besides the prompt. */
export interface PromptStateOptions {
  /** The GGUF file that evaluated it. */
  modelPath: string;
  /** The context size it was evaluated in. */
  contextSize: number;
}

/** Where the state of a prompt is kept: one file per model, context size and prompt. */
function promptStateFile(options: PromptStateOptions, prompt: string): string {
  const key = createHash('sha256')
    .update(`${options.modelPath}\n${options.contextSize}\n${prompt}`)
    .digest('hex')
    .slice(0, 32);
  return join(cacheDir(), 'llm-state', `${key}.bin`);
}

/**
 * Loads a saved warm-up state into the slot: true once the slot holds it (loaded now or
 * already), false when none was saved.
 */
export async function restorePromptState(
  slot: Slot,
  options: PromptStateOptions,
  prompt: string,
): Promise<boolean> {
  if (slot.lastPrompt === prompt) return true;
  const file = promptStateFile(options, prompt);
  if (!existsSync(file)) return false;
  // The file was written by this model (its path is in the key): loading it is safe.
  await slot.sequence.loadStateFromFile(file, { acceptRisk: true });
  slot.lastPrompt = prompt;
  return true;
}

/** Saves the slot's evaluated prompt for later processes, unless it is saved already. */
export async function savePromptState(
  slot: Slot,
  options: PromptStateOptions,
  prompt: string,
): Promise<void> {
  const file = promptStateFile(options, prompt);
  if (existsSync(file)) return;
  await mkdir(dirname(file), { recursive: true });
  // Written beside and renamed: a reader never sees half a file.
  const partial = `${file}.${process.pid}.partial`;
  await slot.sequence.saveStateToFile(partial);
  await rename(partial, file);
}
