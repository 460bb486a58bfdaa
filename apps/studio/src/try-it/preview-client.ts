import type { SvcClient } from '@svc/sdk/client';
import type { AdminClient } from '../api/client';
import { unwrap } from '../api/errors';

/** What a preview started: the conversation to read afterwards, and the hidden publication. */
export interface PreviewStarted {
  conversationId: string;
  publicationUuid: string;
}

/**
 * An `SvcClient` for `SvcSession` that starts admin preview sessions of a scenario's draft instead
 * of visitor sessions: the session, the Transport and the tools then run exactly as on a
 * customer's page. There is no visitor to identify (the API makes a fresh one per preview), so
 * identify answers an empty identity and the visitor-token methods have nothing to give.
 */
export function previewClient(
  api: AdminClient,
  scenarioId: number,
  onStarted: (started: PreviewStarted) => void,
): SvcClient {
  return {
    baseUrl: `${window.location.origin}/v1`,
    async identifyUser() {
      return { user_token: '', user_id: 0, application_id: 0, expires_in: 0 };
    },
    async startSession(_scenario, options = {}) {
      const started = await unwrap(
        api.POST('/v1/admin/scenarios/{id}/preview', {
          params: { path: { id: scenarioId } },
          body: {
            ...(options.inputMode ? { input_mode: options.inputMode } : {}),
            ...(options.outputMode ? { output_mode: options.outputMode } : {}),
            ...(options.language ? { language: options.language } : {}),
            ...(options.sessionOptions?.metadata
              ? { metadata: options.sessionOptions.metadata }
              : {}),
          },
          ...(options.signal ? { signal: options.signal } : {}),
        }),
      );
      onStarted({
        conversationId: started.conversation_id,
        publicationUuid: started.publication_uuid,
      });
      return { rt_token: started.rt_token, rt_url: started.rt_url, expires_in: started.expires_in };
    },
    async getValidUserToken() {
      throw new Error('a preview session has no visitor token');
    },
    getStoredUserToken: () => null,
    getSessionUserId: () => null,
    getSessionApplicationId: () => null,
    clearStoredSession: () => undefined,
  };
}
