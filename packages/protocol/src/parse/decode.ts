import type { ParseResult } from './reader.js';

const decoder = new TextDecoder();

/**
 * Decodes a payload as received from the Transport (UTF-8 bytes or a string) into JSON. Never
 * throws: malformed UTF-8 is replaced, malformed JSON gives an error.
 */
export function decodePayload(data: Uint8Array | string): ParseResult<unknown> {
  try {
    return { ok: true, value: JSON.parse(typeof data === 'string' ? data : decoder.decode(data)) };
  } catch (error) {
    return { ok: false, error: `(root): invalid JSON (${(error as Error).message})` };
  }
}

/** Encodes a payload for the Transport: JSON as UTF-8 bytes. */
export function encodePayload(payload: unknown): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(JSON.stringify(payload));
}
