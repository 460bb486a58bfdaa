import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { openDatabase } from '../../db/database.js';
import { migrate } from '../../db/migrations.js';
import { ADMIN } from '../../test-fixtures.js';
import { adminCaller, adminToken, describeOnBothDialects } from '../../test-harness.js';

// Labels, their history with who and when, the draft's diff, rollback and unpublish, on SQLite and
// on PostgreSQL.
describeOnBothDialects('publications', (harness) => {
  const call = adminCaller(() => harness().app);
  const identify = (uuid: string) =>
    harness().app.inject({
      method: 'POST',
      url: '/v1/public/token',
      payload: { scenario_uuid: uuid, external_id: 'history-visitor' },
    });

  it('publishes, records who and when, diffs the draft, rolls back and unpublishes', async () => {
    const token = await adminToken(harness().app);
    const key = (await call('POST', '/api-keys', token, { name: 'deploys' })).body.key as string;
    const created = await call('POST', '/scenarios', token, {
      application_id: harness().fixture.applicationId,
      name: 'Versioned',
      first_message: 'One',
    });
    const id = created.body.id as number;

    // Nothing published yet: both labels would get everything.
    const before = await call('GET', `/scenarios/${id}/diff`, token);
    expect(before.body.labels.map((l: { label: string }) => l.label)).toEqual([
      'staging',
      'production',
    ]);
    expect(before.body.labels[0]).toMatchObject({
      publication: null,
      changes: expect.arrayContaining([{ path: 'first_message', kind: 'added', after: 'One' }]),
    });

    const first = await call('POST', `/scenarios/${id}/publish`, token, { label: 'staging' });
    const uuid = first.body.uuid as string;
    expect((await call('GET', `/scenarios/${id}/diff`, token)).body.labels[0]).toMatchObject({
      label: 'staging',
      publication: { uuid },
      changes: [],
    });
    await call('PATCH', `/scenarios/${id}`, token, { first_message: 'Two' });
    const diff = await call('GET', `/scenarios/${id}/diff`, token);
    expect(diff.body.labels[0].changes).toEqual([
      { path: 'first_message', kind: 'changed', before: 'One', after: 'Two' },
    ]);
    const second = await call('POST', `/scenarios/${id}/publish`, key, { label: 'staging' });
    expect(second.body.uuid).toBe(uuid);
    await call('POST', `/scenarios/${id}/publish`, token, { label: 'production' });

    const history = await call('GET', `/scenarios/${id}/history`, token);
    expect(history.body.history).toMatchObject([
      { label: 'production', action: 'publish', admin: { email: ADMIN.email }, live: true },
      {
        label: 'staging',
        action: 'publish',
        admin: null,
        api_key: { name: 'deploys' },
        live: true,
      },
      { label: 'staging', action: 'publish', admin: { email: ADMIN.email }, live: false },
    ]);
    const firstEntry = history.body.history[2].id as number;
    expect(
      (await call('GET', `/scenarios/${id}/history?label=staging`, token)).body.history,
    ).toHaveLength(2);
    expect((await call('GET', `/scenarios/${id}/history/${firstEntry}`, token)).body).toMatchObject(
      {
        id: firstEntry,
        snapshot: { first_message: 'One' },
      },
    );

    // Back to the first snapshot: same uuid, the visitor route serves it, history says so.
    const rolled = await call('POST', `/publications/${uuid}/rollback`, token, {
      history_id: firstEntry,
    });
    expect(rolled.body).toMatchObject({ uuid, label: 'staging' });
    expect((await call('GET', `/publications/${uuid}`, token)).body.snapshot).toMatchObject({
      first_message: 'One',
    });
    expect((await identify(uuid)).statusCode).toBe(200);
    const afterRollback = (await call('GET', `/scenarios/${id}/history?label=staging`, token)).body
      .history;
    expect(afterRollback[0]).toMatchObject({
      action: 'rollback',
      rollback_of: firstEntry,
      live: true,
    });
    expect(rolled.body.history_id).toBe(afterRollback[0].id);

    const unpublished = await call('POST', `/publications/${uuid}/unpublish`, token);
    expect(unpublished.body.unpublished_at).toEqual(expect.any(String));
    expect((await identify(uuid)).statusCode).toBe(404);
    const again = await call('POST', `/publications/${uuid}/unpublish`, token);
    expect(again.body.unpublished_at).toBe(unpublished.body.unpublished_at);
    const staging = (await call('GET', `/scenarios/${id}/history?label=staging`, token)).body
      .history;
    expect(staging.filter((e: { action: string }) => e.action === 'unpublish')).toHaveLength(1);
    expect(staging.every((e: { live: boolean }) => !e.live)).toBe(true);
    // A rollback publishes the label again.
    await call('POST', `/publications/${uuid}/rollback`, token, { history_id: firstEntry });
    expect((await identify(uuid)).statusCode).toBe(200);

    // Entries of another scenario, or of another company, are not there to roll back to.
    const other = await call('POST', '/scenarios', token, {
      application_id: harness().fixture.applicationId,
      name: 'Other',
    });
    const otherUuid = (await call('POST', `/scenarios/${other.body.id}/publish`, token, {})).body
      .uuid as string;
    expect(
      (await call('POST', `/publications/${otherUuid}/rollback`, token, { history_id: firstEntry }))
        .status,
    ).toBe(404);
    const foreign = await adminToken(harness().app, 'admin@other.example');
    expect((await call('GET', `/scenarios/${id}/history`, foreign)).status).toBe(404);
    expect(
      (await call('POST', `/publications/${uuid}/rollback`, foreign, { history_id: firstEntry }))
        .status,
    ).toBe(404);
  });
});

it('gives publications made before history a first entry', async () => {
  const database = openDatabase(join(mkdtempSync(join(tmpdir(), 'svc-history-')), 'svc.db'));
  try {
    await migrate(database, { to: '002_content_and_admin' });
    const { db } = database;
    // Rows as the code before history wrote them: ids 1, and no `history_id` yet.
    for (const statement of [
      sql`insert into companies (name) values ('Old')`,
      sql`insert into applications (company_id, name) values (1, 'Old')`,
      sql`insert into scenarios (application_id, name, definition, language)
        values (1, 'Old', '{}', 'en-US')`,
      sql`insert into publications (uuid, scenario_id, label, snapshot, published_at)
        values ('33333333-3333-4333-8333-333333333333', 1, 'production', '{"prompt":"old"}',
        '2026-01-01T00:00:00.000Z')`,
    ])
      await statement.execute(db);
    await migrate(database);
    const history = await db.selectFrom('publication_history').selectAll().execute();
    expect(history).toMatchObject([
      {
        action: 'publish',
        snapshot: '{"prompt":"old"}',
        admin_id: null,
        created_at: '2026-01-01T00:00:00.000Z',
      },
    ]);
    const publication = await db
      .selectFrom('publications')
      .select('history_id')
      .executeTakeFirstOrThrow();
    expect(publication.history_id).toBe(history[0]?.id);
  } finally {
    await database.close();
  }
});
