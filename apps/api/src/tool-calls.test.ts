import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './db/database.js';
import { migrate } from './db/migrations.js';
import type { CollectionStore } from './collections/store.js';
import { createConversations } from './conversations.js';
import { toolCallFacts } from './tool-calls.js';

const at = '2026-01-01T00:00:00.000Z';
const call = {
  id: 'calls-1',
  role: 'assistant' as const,
  content: '',
  timestamp: at,
  tool_calls: [{ id: 'c1', name: 'search_products', arguments: { query: 'kayak' } }],
};
const result = (content: string) => ({
  id: 'result-c1',
  role: 'tool' as const,
  content,
  timestamp: at,
  tool_call_id: 'c1',
});

describe('tool calls', () => {
  it('reads calls and search results from messages', () => {
    expect(toolCallFacts(call)).toEqual({
      calls: [{ call_id: 'c1', name: 'search_products', query: 'kayak' }],
    });
    const empty = JSON.stringify({ ok: true, result: { collection_id: 1, count: 0, items: [] } });
    expect(toolCallFacts(result(empty)).result).toEqual({ call_id: 'c1', result_count: 0 });
    for (const other of ['not json {', '{"ok":true,"result":{"name":"cart"}}', 'null'])
      expect(toolCallFacts(result(other)).result).toEqual({ call_id: 'c1', result_count: null });
    expect(toolCallFacts({ id: 'u', role: 'user', content: 'hi', timestamp: at })).toEqual({
      calls: [],
    });
  });

  it('are recorded for messages stored before the table existed', async () => {
    const database = openDatabase(join(mkdtempSync(join(tmpdir(), 'svc-tool-calls-')), 'svc.db'));
    try {
      await migrate(database, { to: '005_scenario_tests' });
      const message = (value: object) => JSON.stringify(value);
      const empty = message({ ok: true, result: { collection_id: 1, count: 0, items: [] } });
      for (const statement of [
        sql`insert into companies (name) values ('Old')`,
        sql`insert into applications (company_id, name) values (1, 'Old')`,
        sql`insert into scenarios (application_id, name, definition, language)
          values (1, 'Old', '{}', 'en-US')`,
        sql`insert into publications (uuid, scenario_id, label, snapshot)
          values ('44444444-4444-4444-8444-444444444444', 1, 'production', '{}')`,
        sql`insert into visitors (application_id, external_id) values (1, 'v')`,
        sql`insert into conversations (id, publication_id, visitor_id, language, input_mode,
          output_mode) values ('old', 1, 1, 'en-US', 'text', 'text')`,
        // The result first: the order of arrival does not matter.
        sql`insert into messages (id, conversation_id, role, content, message, timestamp, seq)
          values ('result-c1', 'old', 'tool', ${empty}, ${message(result(empty))}, ${at}, 1),
          ('calls-1', 'old', 'assistant', '', ${message(call)}, ${at}, 2)`,
      ])
        await statement.execute(database.db);
      await migrate(database);
      expect(await database.db.selectFrom('tool_calls').selectAll().execute()).toEqual([
        {
          conversation_id: 'old',
          call_id: 'c1',
          name: 'search_products',
          query: 'kayak',
          result_count: 0,
        },
      ]);
    } finally {
      await database.close();
    }
  });

  it('are stored with their message or not at all, so a retried batch loses none', async () => {
    const database = openDatabase(join(mkdtempSync(join(tmpdir(), 'svc-tool-calls-')), 'svc.db'));
    try {
      await migrate(database);
      for (const statement of [
        sql`insert into companies (name) values ('Shop')`,
        sql`insert into applications (company_id, name) values (1, 'Shop')`,
        sql`insert into scenarios (application_id, name, definition, language)
          values (1, 'Shop', '{}', 'en-US')`,
        sql`insert into publications (uuid, scenario_id, label, snapshot)
          values ('44444444-4444-4444-8444-444444444444', 1, 'production', '{}')`,
        sql`insert into visitors (application_id, external_id) values (1, 'v')`,
        sql`insert into conversations (id, publication_id, visitor_id, language, input_mode,
          output_mode) values ('c', 1, 1, 'en-US', 'text', 'text')`,
        // The connection "drops" while the call's row is written, after its message was.
        sql`create temp trigger refuse before insert on tool_calls
          begin select raise(abort, 'connection lost'); end`,
      ])
        await statement.execute(database.db);
      // Appending messages reads no collection.
      const conversations = createConversations(database, {} as CollectionStore);
      await expect(conversations.appendMessages('c', [call])).rejects.toThrow('connection lost');
      await sql`drop trigger refuse`.execute(database.db);

      expect(await conversations.appendMessages('c', [call])).toEqual({ stored: 1 });
      expect(
        await database.db.selectFrom('tool_calls').select(['call_id', 'name']).execute(),
      ).toEqual([{ call_id: 'c1', name: 'search_products' }]);
    } finally {
      await database.close();
    }
  });
});
