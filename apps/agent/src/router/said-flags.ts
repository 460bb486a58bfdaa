// The yes/no filters of a search the model makes, held to the visitor's words. The small model
// sets a catalogue's yes/no fields the words do not name: asked for "one with gps" (a word of the
// items' descriptions, no field) it searched `noise_cancelling: true`, asked for a lighter one in
// French `waterproof: true`. The search then shows items for what nobody asked; without the flag it
// shows what the rest of the call says. A field the visitor names by its label ("waterproof", "not
// waterproof") the router reads as the words say it.
import type { RouterCatalog } from './catalog.js';
import { filters } from './filters.js';
import { words } from './text.js';

/**
 * The arguments of a model's search with its yes/no filters as the visitor's words name them:
 * each field the words name by its label as they say it ("waterproof", "not waterproof"), and no
 * other yes/no field unless the search before had it (a refinement keeps what was asked before).
 * `undefined` when the call already says what the words do.
 */
export function flagsAsSaid(
  args: Readonly<Record<string, unknown>>,
  visitorWords: string,
  catalog: RouterCatalog,
  before: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> | undefined {
  const { lexicon } = catalog;
  if (!lexicon || catalog.booleans.length === 0) return undefined;
  const said = filters(words(visitorWords, lexicon), catalog, new Set(), lexicon);
  const flags = catalog.booleans.map((field) => field.key);
  const flagKeys = new Set(flags);
  // Every other argument as the model gave it; of the yes/no ones, those the words name as they
  // say them, and the others only as the search before had them.
  const held = Object.fromEntries(
    Object.entries(args).filter(
      ([key, value]) => !flagKeys.has(key) || said[key] !== undefined || before[key] === value,
    ),
  );
  for (const key of flags) if (said[key] !== undefined) held[key] = said[key];
  const same =
    Object.keys(held).length === Object.keys(args).length &&
    Object.entries(held).every(([key, value]) => args[key] === value);
  return same ? undefined : held;
}
