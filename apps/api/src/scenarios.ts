import type { Kysely } from 'kysely';
import type { Database, OpenDatabase } from './db/database.js';
import { HttpError } from './errors.js';
import { checkFeatures, declareOperations, type FeatureToCheck } from './feature-catalog.js';
import { scenarioDefinition, type ScenarioDefinition } from './scenario-definition.js';
import { rowsFor, type Page } from './paging.js';

/** A scenario as the admin API answers it: its definition, attached collections and times. */
export interface Scenario extends ScenarioDefinition {
  id: number;
  application_id: number;
  name: string;
  language: string;
  /** Collections the scenario attaches; a publication snapshots the list. */
  collection_ids: number[];
  created_at: string;
  updated_at: string;
}

/** A scenario in a listing, without its definition. */
export interface ScenarioSummary {
  id: number;
  application_id: number;
  name: string;
  language: string;
  updated_at: string;
}

/** What a new scenario is made of. */
export interface NewScenario extends ScenarioDefinition {
  application_id: number;
  name: string;
  language: string;
  collection_ids: number[];
}

/** A change to a scenario: fields left out keep their values. */
export type ScenarioChanges = {
  name?: string | undefined;
  language?: string | undefined;
  collection_ids?: number[] | undefined;
} & { [Key in keyof ScenarioDefinition]?: ScenarioDefinition[Key] | undefined };

/** Scenarios of a company, with the collections they attach (`scenario_collections`). */
export interface Scenarios {
  /** The company's scenarios by id; with `page`, one more than the page (see `paging.ts`). */
  list(
    companyId: number,
    options?: { applicationId?: number | undefined; page?: Page | undefined },
  ): Promise<ScenarioSummary[]>;
  /** The company's scenario; 404 for another company's. */
  find(companyId: number, id: number): Promise<Scenario>;
  /** 404 for an application or collection that is not the company's, 422 for a tool named twice. */
  create(companyId: number, scenario: NewScenario): Promise<Scenario>;
  /** Changes the scenario; its publications keep their snapshots. Same errors as `create`. */
  update(companyId: number, id: number, changes: ScenarioChanges): Promise<Scenario>;
  /** Deletes the scenario (a conflict while its publications have conversations). */
  remove(companyId: number, id: number): Promise<void>;
  /**
   * A copy of the company's scenario under a new name: its definition, collections and tests;
   * never its publications.
   */
  duplicate(companyId: number, id: number, name: string): Promise<Scenario>;
}

/** The scenarios on one database. */
export function createScenarios({ db }: OpenDatabase): Scenarios {
  async function find(companyId: number, id: number): Promise<Scenario> {
    const row = await db
      .selectFrom('scenarios as s')
      .innerJoin('applications as a', 'a.id', 's.application_id')
      .select([
        's.id',
        's.application_id',
        's.name',
        's.language',
        's.definition',
        's.created_at',
        's.updated_at',
      ])
      .where('s.id', '=', id)
      .where('a.company_id', '=', companyId)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, `unknown scenario ${id}`);
    const collections = await db
      .selectFrom('scenario_collections')
      .select('collection_id')
      .where('scenario_id', '=', id)
      .orderBy('collection_id')
      .execute();
    return {
      id: row.id,
      application_id: row.application_id,
      name: row.name,
      language: row.language,
      ...storedDefinition(row.definition),
      collection_ids: collections.map((collection) => collection.collection_id),
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  const scenarios: Scenarios = {
    list: (companyId, options = {}) =>
      db
        .selectFrom('scenarios as s')
        .innerJoin('applications as a', 'a.id', 's.application_id')
        .select(['s.id', 's.application_id', 's.name', 's.language', 's.updated_at'])
        .where('a.company_id', '=', companyId)
        .$if(options.applicationId !== undefined, (query) =>
          query.where('s.application_id', '=', options.applicationId as number),
        )
        .orderBy('s.id')
        .$if(options.page !== undefined, (query) =>
          query.limit(rowsFor(options.page as Page).limit).offset((options.page as Page).offset),
        )
        .execute(),
    find,
    async create(companyId, scenario) {
      const { application_id, name, language, collection_ids, ...definition } = scenario;
      const id = await db.transaction().execute(async (trx) => {
        await checkReferences(trx, companyId, {
          application_id,
          collection_ids,
          features: definition.features,
        });
        const now = new Date().toISOString();
        const row = await trx
          .insertInto('scenarios')
          .values({
            application_id,
            name,
            language,
            definition: JSON.stringify({
              ...definition,
              features: declareOperations(definition.features),
            }),
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await setCollections(trx, row.id, collection_ids);
        return row.id;
      });
      return find(companyId, id);
    },
    async update(companyId, id, changes) {
      const current = await find(companyId, id);
      const { name, language, collection_ids, ...changed } = changes;
      const {
        id: _id,
        application_id: _application,
        name: _name,
        language: _language,
        collection_ids: _collections,
        created_at: _created,
        updated_at: _updated,
        ...definition
      } = current;
      // The merged definition is validated again, so a field stored before it existed gets its
      // default; the change itself carries only the fields it names (see `changesOf`).
      const merged = scenarioDefinition.parse({ ...definition, ...changed });
      await db.transaction().execute(async (trx) => {
        await checkReferences(trx, companyId, { collection_ids, features: merged.features });
        await trx
          .updateTable('scenarios')
          .set({
            ...(name !== undefined ? { name } : {}),
            ...(language !== undefined ? { language } : {}),
            definition: JSON.stringify({
              ...merged,
              features: declareOperations(merged.features),
            }),
            updated_at: new Date().toISOString(),
          })
          .where('id', '=', current.id)
          .execute();
        if (collection_ids) await setCollections(trx, current.id, collection_ids);
      });
      return find(companyId, current.id);
    },
    async duplicate(companyId, id, name) {
      const {
        id: _id,
        created_at: _created,
        updated_at: _updated,
        ...source
      } = await find(companyId, id);
      const copy = await scenarios.create(companyId, { ...source, name });
      const tests = await db
        .selectFrom('scenario_tests')
        .select(['name', 'turns'])
        .where('scenario_id', '=', id)
        .execute();
      const now = new Date().toISOString();
      if (tests.length > 0)
        await db
          .insertInto('scenario_tests')
          .values(
            tests.map((test) => ({
              ...test,
              scenario_id: copy.id,
              created_at: now,
              updated_at: now,
            })),
          )
          .execute();
      return copy;
    },
    async remove(companyId, id) {
      const current = await find(companyId, id);
      await db.deleteFrom('scenarios').where('id', '=', current.id).execute();
    },
  };
  return scenarios;
}

/**
 * A stored definition with the defaults filled in, so every answer has every field; a definition
 * stored before a field existed gets its default.
 */
function storedDefinition(text: string): ScenarioDefinition {
  const raw: unknown = JSON.parse(text);
  const parsed = scenarioDefinition.safeParse(raw);
  return parsed.success ? parsed.data : (raw as ScenarioDefinition);
}

/**
 * 404 for an application or a collection that is not the company's; 400 for a feature the catalog
 * does not know or whose settings break its schema, and for a tool named twice.
 */
async function checkReferences(
  trx: Kysely<Database>,
  companyId: number,
  references: {
    application_id?: number | undefined;
    collection_ids?: number[] | undefined;
    features?: (FeatureToCheck & { tools: { name: string }[] })[] | undefined;
  },
): Promise<void> {
  if (references.application_id !== undefined) {
    const found = await trx
      .selectFrom('applications')
      .select('id')
      .where('id', '=', references.application_id)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (!found) throw new HttpError(404, `unknown application ${references.application_id}`);
  }
  const collectionIds = references.collection_ids ?? [];
  if (collectionIds.length > 0) {
    const found = await trx
      .selectFrom('collections')
      .select('id')
      .where('id', 'in', collectionIds)
      .where('company_id', '=', companyId)
      .execute();
    const missing = collectionIds.filter((id) => !found.some((row) => row.id === id));
    if (missing.length > 0) throw new HttpError(404, `unknown collections ${missing.join(', ')}`);
  }
  checkFeatures(references.features ?? []);
  // The model calls tools by name, so a name must mean one tool across all features.
  const names = new Set<string>();
  for (const [index, feature] of (references.features ?? []).entries()) {
    for (const tool of feature.tools) {
      if (names.has(tool.name))
        // Unique names across items are beyond what the schema can say: 422.
        throw new HttpError(422, `features.${index}.tools: tool name ${tool.name} is used twice`);
      names.add(tool.name);
    }
  }
}

/** Replaces the collections a scenario attaches. */
async function setCollections(
  trx: Kysely<Database>,
  scenarioId: number,
  collectionIds: number[],
): Promise<void> {
  await trx.deleteFrom('scenario_collections').where('scenario_id', '=', scenarioId).execute();
  if (collectionIds.length === 0) return;
  await trx
    .insertInto('scenario_collections')
    .values(
      [...new Set(collectionIds)].map((collection_id) => ({
        scenario_id: scenarioId,
        collection_id,
      })),
    )
    .execute();
}
