// What a tool call answers the model and the router: one envelope for every feature's tool, so
// the router reads a search's items from a typed `result` instead of guessing at a JSON string.
import { decodePayload } from '../parse/decode.js';
import {
  boolean,
  define,
  object,
  string,
  unknownValue,
  type ParseResult,
  type ReaderOutput,
} from '../parse/reader.js';

const toolResult = object(
  { ok: boolean },
  {
    // What the API answered (an `ItemList`, `ItemDisplay`, `ItemComparison`, `Bucket`), or what
    // the page answered a tool that only drives the page.
    result: unknownValue,
    // A sentence for the model when there is no data to tell (the end of the conversation).
    note: string,
    // Why the tool failed, in a sentence the model can pass on.
    error: string,
    // A frontend tool: whether the page showed it, and whether the visitor was looking.
    shown_on_page: boolean,
    visitor_looking: boolean,
    // The page's own answer beside the API's data.
    page: unknownValue,
    // Why the page did not show it (its response code and data, or the timeout).
    page_error: string,
  },
);

/**
 * The envelope every tool call answers: `ok`, and the API's data in `result` (the content shape
 * of the tool's operation, read with its parser from `@svc/protocol/content`), or a `note` or
 * an `error` for the model; a frontend tool adds whether the page showed it (`shown_on_page`,
 * `visitor_looking`, `page`, `page_error`). Unknown fields are kept: the model may be given more
 * (the fields a reply needs) than the router reads.
 */
export type ToolResult = ReaderOutput<typeof toolResult>;

/** Parses a {@link ToolResult}. */
export const parseToolResult = define(toolResult);

/**
 * Reads a tool call's output as the conversation history holds it, a JSON string, into a
 * {@link ToolResult}; an output that is not JSON, or not the envelope, is an error.
 */
export function readToolOutput(output: string): ParseResult<ToolResult> {
  const decoded = decodePayload(output);
  return decoded.ok ? parseToolResult(decoded.value) : decoded;
}
