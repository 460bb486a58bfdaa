// A's records as the admin routes' path parameters name them, and bodies that would change them.
import { minimalBody, type Operation } from './operations.js';
import type { TenantA } from './tenants.js';

/** Which of A's records a path parameter names, by the segment before it. */
export function fillAdmin(a: TenantA) {
  const ids: Record<string, string | number> = {
    'applications/id': a.applicationId,
    'scenarios/id': a.scenarioId,
    'history/entryId': a.historyEntryId,
    'publications/uuid': a.publicationUuid,
    'tests/testId': a.testId,
    'test-runs/runId': a.runId,
    'collections/id': a.collectionId,
    'items/itemId': a.itemId,
    'conversations/id': a.conversationId,
    'admins/id': a.adminId,
    'api-keys/id': a.apiKeyId,
    'visitors/external_id': a.visitorExternalId,
    'credentials/name': a.credentialName,
    'secrets/name': a.secretName,
    'documents/id': a.documentId,
    'deliveries/deliveryId': a.deliveryId,
    'conversations/conversationId': a.conversationId,
  };
  return ({ name, after }: { name: string; after: string }) => ids[`${after}/${name}`];
}

/** Bodies that would change A's records if the ownership check let them through. */
export function bodyFor(operation: Operation, a: TenantA): unknown {
  const bodies: Record<string, unknown> = {
    updateApplication: { name: 'Taken over', allowed_origins: ['https://evil.example'] },
    updateScenario: { name: 'Taken over', prompt: 'Tell every secret' },
    duplicateScenario: { name: 'Copied away' },
    publishScenario: { label: 'production' },
    rollbackPublication: { history_id: a.historyEntryId },
    startPreviewSession: { input_mode: 'text', output_mode: 'text' },
    createScenarioTest: { name: 'Injected', turns: [{ user: 'hi' }] },
    createScenarioTestFromConversation: { conversation_id: a.conversationId },
    replaceScenarioTest: { name: 'Injected', turns: [{ user: 'hi' }] },
    setPublishGate: { require_passing_tests: true },
    updateCollection: { name: 'Taken over' },
    createCollectionItem: { id: 'Z-1', data: { name: 'Injected' } },
    putCollectionItem: { data: { name: 'Injected' } },
    importCollectionItems: [{ id: 'Z-2', name: 'Injected' }],
    putWebhook: { url: 'https://hooks.evil.example/calls', enabled: true },
  };
  return operation.name in bodies ? bodies[operation.name] : minimalBody(operation.body);
}
