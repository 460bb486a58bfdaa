import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { unwrap } from './errors';

// Lists several pages read (pickers, names in tables), under one query key each so a page that
// changes one refreshes it everywhere.

/** The company's applications. */
export function useApplications() {
  return useQuery({
    queryKey: ['applications'],
    queryFn: () => unwrap(api.GET('/v1/admin/applications')),
  });
}

/** The company's collections. */
export function useCollections() {
  return useQuery({
    queryKey: ['collections'],
    queryFn: () => unwrap(api.GET('/v1/admin/collections')),
  });
}

/** The company's scenarios (summaries). */
export function useScenarios() {
  return useQuery({
    queryKey: ['scenarios'],
    queryFn: () => unwrap(api.GET('/v1/admin/scenarios', { params: { query: {} } })),
  });
}

/** The company's webhook secrets (names and hints, never values). */
export function useWebhookSecrets() {
  return useQuery({
    queryKey: ['secrets'],
    queryFn: () => unwrap(api.GET('/v1/admin/secrets')),
  });
}
