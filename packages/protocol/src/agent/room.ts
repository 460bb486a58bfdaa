import type { SessionMode } from '../identity.js';
import {
  boolean,
  define,
  nonEmptyString,
  number,
  object,
  oneOf,
  record,
  string,
  unknownValue,
} from '../parse/reader.js';

/**
 * What the Platform API writes as the Transport room's metadata (and the agent dispatch's), and
 * what the agent reads to find its conversation. Only `conversation_id` is required: the agent
 * falls back to the runtime config for everything else.
 */
export interface RoomMetadata {
  /** The conversation the room serves; the agent fetches its runtime config with it. */
  conversation_id: string;
  /** The visitor's input mode for this session (it may differ from the conversation's first one). */
  input_mode?: SessionMode;
  /** The visitor's output mode for this session. */
  output_mode?: SessionMode;
  /** BCP-47 language tag of this session. */
  language?: string;
  /** The custom session metadata the frontend sent with session start. */
  metadata?: Record<string, unknown>;
  /** True when the session resumes an earlier conversation (the agent then does not greet). */
  resumed?: boolean;
  /** The application's limits on this conversation, which the agent enforces. */
  limits?: ConversationLimits;
}

/**
 * What the agent enforces on one conversation, from its application's limits. A conversation
 * past `max_duration_seconds`, or with nothing from the visitor for `idle_timeout_seconds`, ends
 * with `max_duration` or `idle_timeout`; past `messages_per_minute` a typed or data message is
 * refused.
 */
export interface ConversationLimits {
  max_duration_seconds: number;
  idle_timeout_seconds: number;
  messages_per_minute: number;
}

/**
 * The limits of a conversation whose room metadata names none (an admin's preview, a room of an
 * older API): 30 minutes, 3 minutes idle, 20 messages a minute.
 */
export const DEFAULT_CONVERSATION_LIMITS: ConversationLimits = {
  max_duration_seconds: 30 * 60,
  idle_timeout_seconds: 3 * 60,
  messages_per_minute: 20,
};

/** The prefix of every conversation room's name. */
export const CONVERSATION_ROOM_PREFIX = 'conversation-';

/**
 * The name of a new Transport room for `conversationId`. A resumed conversation gets a fresh room
 * each time (the old one may still be emptying), so the name ends with the creation time in base 36.
 */
export function conversationRoomName(conversationId: string, now: number = Date.now()): string {
  return `${CONVERSATION_ROOM_PREFIX}${conversationId}-${now.toString(36)}`;
}

const modes = oneOf(['audio', 'text']);

/**
 * Checks decoded room metadata. Fields a newer API adds, or that an older one wrote
 * (`publication_uuid`, `restore_state`), are kept as they are.
 */
export const parseRoomMetadataValue = define<RoomMetadata>(
  object(
    { conversation_id: nonEmptyString },
    {
      input_mode: modes,
      output_mode: modes,
      language: string,
      metadata: record(unknownValue),
      resumed: boolean,
      limits: object({
        max_duration_seconds: number,
        idle_timeout_seconds: number,
        messages_per_minute: number,
      }),
    },
  ),
);

/**
 * Reads the room (or dispatch) metadata text the API wrote. Throws an `Error` naming what is wrong:
 * without a conversation id the agent cannot serve the room at all.
 */
export function parseRoomMetadata(text: string | undefined): RoomMetadata {
  let value: unknown;
  try {
    value = JSON.parse(text || '{}');
  } catch {
    throw new Error('invalid room metadata: not JSON');
  }
  const result = parseRoomMetadataValue(value);
  if (!result.ok) throw new Error(`invalid room metadata: ${result.error}`);
  return result.value;
}
