import { expect, it } from 'vitest';
import { createRetention } from './retention.js';
import {
  AGENT_KEY,
  adminCaller,
  adminToken,
  describeOnBothDialects,
  type Harness,
} from './test-harness.js';

const DAY_MS = 86_400_000;
/** The controllable clock's "now". */
const NOW = Date.parse('2027-03-01T12:00:00.000Z');

/** A conversation of the fixture application that ended `daysAgo` before {@link NOW}, with a message. */
async function ended(harness: Harness, daysAgo: number | null): Promise<string> {
  const { db } = harness.fixture.database;
  const visitor = await harness.visitor(`retention-${Math.random()}`);
  const id = await harness.conversation(visitor.id);
  const at = (days: number) => new Date(NOW - days * DAY_MS).toISOString();
  const stored = await harness.app.inject({
    method: 'POST',
    url: `/v1/agent/conversations/${id}/messages`,
    headers: { authorization: `Bearer ${AGENT_KEY}` },
    payload: { messages: [{ id: `${id}-m1`, role: 'user', content: 'Hello', timestamp: at(0) }] },
  });
  expect(stored.statusCode).toBe(200);
  await db
    .updateTable('conversations')
    .set({
      started_at: at((daysAgo ?? 400) + 1),
      ended_at: daysAgo === null ? null : at(daysAgo),
      end_reason: daysAgo === null ? null : 'completed',
    })
    .where('id', '=', id)
    .execute();
  return id;
}

describeOnBothDialects('conversation retention', (harness) => {
  const admin = adminCaller(() => harness().app);

  it('is a validated application setting: created, changed, read, null keeps everything', async () => {
    const token = await adminToken(harness().app);
    const created = await admin('POST', '/applications', token, {
      name: 'Kept 30 days',
      retention_days: 30,
    });
    expect(created.status).toBe(201);
    expect(created.body.retention_days).toBe(30);
    const id = created.body.id as number;
    expect((await admin('GET', `/applications/${id}`, token)).body.retention_days).toBe(30);
    const changed = await admin('PATCH', `/applications/${id}`, token, { retention_days: 7 });
    expect(changed.body.retention_days).toBe(7);
    // A PATCH that does not name it leaves it.
    const renamed = await admin('PATCH', `/applications/${id}`, token, { name: 'Kept a week' });
    expect(renamed.body.retention_days).toBe(7);
    const cleared = await admin('PATCH', `/applications/${id}`, token, { retention_days: null });
    expect(cleared.body.retention_days).toBeNull();
    const plain = await admin('POST', '/applications', token, { name: 'Keeps all' });
    expect(plain.body.retention_days).toBeNull();
    const listed = await admin('GET', '/applications', token);
    expect(
      (listed.body.applications as Array<{ id: number; retention_days: unknown }>).find(
        (application) => application.id === id,
      ),
    ).toMatchObject({ retention_days: null });
    for (const wrong of [0, -1, 1.5, 'ten', 100_000]) {
      const refused = await admin('PATCH', `/applications/${id}`, token, { retention_days: wrong });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ error: expect.stringContaining('retention_days') });
    }
  });

  it('the sweep deletes ended conversations older than the setting, with their messages, and nothing else', async () => {
    const { fixture } = harness();
    const { db } = fixture.database;
    const token = await adminToken(harness().app);
    const old = await ended(harness(), 31);
    const recent = await ended(harness(), 29);
    const running = await ended(harness(), null);
    const retention = createRetention({ database: fixture.database, batchSize: 2 });
    const exists = async (id: string) => ({
      conversation: Boolean(
        await db.selectFrom('conversations').select('id').where('id', '=', id).executeTakeFirst(),
      ),
      messages: (
        await db.selectFrom('messages').select('id').where('conversation_id', '=', id).execute()
      ).length,
    });

    // No retention set: everything is kept, however old.
    await retention.sweep(NOW);
    expect(await exists(old)).toEqual({ conversation: true, messages: 1 });

    expect(
      (
        await admin('PATCH', `/applications/${fixture.applicationId}`, token, {
          retention_days: 30,
        })
      ).status,
    ).toBe(200);
    expect(await retention.sweep(NOW)).toEqual({ conversations: 1, messages: 1 });
    expect(await exists(old)).toEqual({ conversation: false, messages: 0 });
    expect(await exists(recent)).toEqual({ conversation: true, messages: 1 });
    expect(await exists(running)).toEqual({ conversation: true, messages: 1 });

    // Two days on, the one that ended 29 days before is past 30 days; the running one stays.
    await retention.sweep(NOW + 2 * DAY_MS);
    expect(await exists(recent)).toEqual({ conversation: false, messages: 0 });
    expect(await exists(running)).toEqual({ conversation: true, messages: 1 });

    await admin('PATCH', `/applications/${fixture.applicationId}`, token, { retention_days: null });
  });
});
