import { z } from 'zod';

/**
 * A character no engine counts as space: outside both JavaScript's `\s` (which `trim()` removes)
 * and Python's (which schema-driven clients such as schemathesis use), so a string the document's
 * pattern accepts is one that trimming leaves non-empty, whichever reads the pattern.
 */
const NOT_SPACE = /[^\s\x1c-\x1f\x85\ufeff\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;

/** Text of 1 to `max` characters, trimmed, that is not blank (the document says so: its pattern). */
export const nonBlankText = (max: number) =>
  z.string().max(max).regex(NOT_SPACE, 'must not be blank').trim().min(1);
