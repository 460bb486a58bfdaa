import { describe, expect, it } from 'vitest';
import { newWebhookTool, webhookToolErrors, WEBHOOK_TOOLS_TYPE } from './webhook-tools-model';

/** A draft with one webhook-tools feature holding `tools`. */
const draftWith = (tools: unknown[]) => ({
  features: [
    { name: 'Backend', type: 'collection:items:search', tools: [] },
    { name: 'Clinic', type: WEBHOOK_TOOLS_TYPE, tools },
  ],
});

const booking = {
  ...newWebhookTool([]),
  description: 'Book an appointment',
  parameters: { type: 'object', properties: { doctor: { type: 'string' } } },
  settings: {
    operation: 'custom',
    webhook: {
      method: 'POST',
      url: 'https://api.clinic.example/doctors/{doctor}/appointments',
      headers: { 'x-api-key': '{{secret:clinic-key}}' },
    },
  },
};

describe('webhookToolErrors', () => {
  it('accepts a tool the API would save', () => {
    expect(webhookToolErrors(draftWith([booking]))).toEqual({});
  });

  it('shows what the API would refuse under the field, as the author types', () => {
    const errors = webhookToolErrors(
      draftWith([
        newWebhookTool(['backend_call_1']),
        {
          ...booking,
          settings: {
            operation: 'custom',
            webhook: {
              method: 'POST',
              url: 'https://192.168.1.20/{patient}',
              headers: { 'svc-signature': 'x', 'x-key': '{{env:HOME}}' },
              retries: 2,
            },
          },
        },
      ]),
    );
    expect(newWebhookTool(['backend_call_1']).name).toBe('backend_call_2');
    expect(errors['features.1.tools.0.description']).toContain('Description is required');
    expect(errors['features.1.tools.0.settings.webhook.url']).toBeDefined();
    expect(errors['features.1.tools.1.settings.webhook.url']).toContain('{patient}');
    expect(errors['features.1.tools.1.settings.webhook.url']).toContain('private or reserved');
    expect(errors['features.1.tools.1.settings.webhook.headers']).toContain('set by the platform');
    expect(errors['features.1.tools.1.settings.webhook.headers']).toContain('{{secret:name}}');
    expect(errors['features.1.tools.1.settings.webhook.retries']).toContain('idempotency-key');
    expect(webhookToolErrors(draftWith([]))).toEqual({
      'features.1.tools': 'Add at least one tool that calls your backend',
    });
  });
});
