// One PostgreSQL cluster for the whole stack tier: vitest's global set-up starts it once and each
// suite that runs on both databases takes a fresh database in it, instead of an initdb and a
// server start per test file.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared cluster's URL; absent when the global set-up did not run. */
    svcSharedPostgresUrl?: string;
  }
}

/**
 * vitest's global set-up (`globalSetup` of the stack tier in vitest.config.ts): starts the cluster,
 * provides its URL to the test files, and removes it when the run ends.
 */
export default async function startSharedPostgres(
  project: TestProject,
): Promise<() => Promise<void>> {
  const postgres = await startPostgres();
  project.provide('svcSharedPostgresUrl', postgres.url);
  return () => postgres.stop();
}

/** Creates an empty database in the cluster at `clusterUrl`; answers its URL. */
export async function createDatabaseIn(clusterUrl: string): Promise<string> {
  const name = `svc_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: clusterUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
