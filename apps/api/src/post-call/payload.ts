// The post-call payload: what a business's endpoint receives about one ended conversation.
import type { ConversationMessage } from '@svc/protocol';
import type { ConversationAnalysis } from '@svc/protocol/agent';
import type { OpenDatabase } from '../db/database.js';

/** The event name of a post-call delivery. */
export const POST_CALL_EVENT = 'conversation.ended';

/** One tool call of the conversation with what it answered. */
export interface PostCallToolCall {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
  /** When the model asked for it. */
  called_at: string;
  /** The tool's answer as the model read it; null when none was recorded. */
  result: string | null;
}

/** The body of a post-call delivery. */
export interface PostCallPayload {
  event: typeof POST_CALL_EVENT;
  conversation_id: string;
  application: { id: number; name: string };
  scenario: { id: number; name: string; publication_uuid: string; publication_label: string };
  visitor: { external_id: string };
  language: string;
  started_at: string;
  ended_at: string | null;
  end_reason: string | null;
  /** The transcript, oldest first: user and assistant turns, tool results and events. */
  messages: {
    id: string;
    role: ConversationMessage['role'];
    content: string;
    timestamp: string;
    tool_call_id?: string;
    interrupted?: boolean;
  }[];
  tool_calls: PostCallToolCall[];
  /** Declared fields as read, null when the scenario declares none or no analysis came in time. */
  data: ConversationAnalysis['data'] | null;
  criteria: ConversationAnalysis['criteria'] | null;
}

/** Builds the payload of a conversation from what is stored now. */
export async function buildPostCallPayload(
  database: OpenDatabase,
  conversationId: string,
): Promise<PostCallPayload> {
  const { db } = database;
  const row = await db
    .selectFrom('conversations as c')
    .innerJoin('visitors as v', 'v.id', 'c.visitor_id')
    .innerJoin('publications as p', 'p.id', 'c.publication_id')
    .innerJoin('scenarios as s', 's.id', 'p.scenario_id')
    .innerJoin('applications as a', 'a.id', 's.application_id')
    .leftJoin('conversation_analyses as x', 'x.conversation_id', 'c.id')
    .select([
      'c.id',
      'c.language',
      'c.started_at',
      'c.ended_at',
      'c.end_reason',
      'v.external_id',
      'p.uuid',
      'p.label',
      's.id as scenario_id',
      's.name as scenario_name',
      'a.id as application_id',
      'a.name as application_name',
      'x.data',
      'x.criteria',
    ])
    .where('c.id', '=', conversationId)
    .executeTakeFirstOrThrow();
  const stored = await db
    .selectFrom('messages')
    .select('message')
    .where('conversation_id', '=', conversationId)
    .orderBy('seq')
    .execute();
  const messages = stored.map((message) => JSON.parse(message.message) as ConversationMessage);
  const results = new Map(
    messages
      .filter((message) => message.role === 'tool' && message.tool_call_id)
      .map((message) => [message.tool_call_id as string, message.content]),
  );
  const toolCalls = messages.flatMap((message) =>
    (
      (message.tool_calls ?? []) as {
        id: string;
        name: string;
        arguments: Record<string, unknown>;
      }[]
    ).map((call) => ({
      id: call.id,
      name: call.name,
      arguments: call.arguments,
      called_at: message.timestamp,
      result: results.get(call.id) ?? null,
    })),
  );
  return {
    event: POST_CALL_EVENT,
    conversation_id: row.id,
    application: { id: row.application_id, name: row.application_name },
    scenario: {
      id: row.scenario_id,
      name: row.scenario_name,
      publication_uuid: row.uuid,
      publication_label: row.label,
    },
    visitor: { external_id: row.external_id },
    language: row.language,
    started_at: row.started_at,
    ended_at: row.ended_at,
    end_reason: row.end_reason,
    messages: messages.map((message) => ({
      id: message.id,
      role: message.role,
      content: message.content,
      timestamp: message.timestamp,
      ...(message.tool_call_id ? { tool_call_id: message.tool_call_id } : {}),
      ...(message.interrupted ? { interrupted: true } : {}),
    })),
    tool_calls: toolCalls,
    data: row.data ? (JSON.parse(row.data) as ConversationAnalysis['data']) : null,
    criteria: row.criteria ? (JSON.parse(row.criteria) as ConversationAnalysis['criteria']) : null,
  };
}
