// The pure part of the webhook-tools editor: the checks the API applies to a webhook-tools feature
// (`webhook:tools:custom`), run as the author types, and the tool an author starts from.
import { FEATURE_TYPES } from '@svc/protocol';
import {
  toolParametersProblems,
  webhookToolProblems,
  WEBHOOK_TOOL_LIMITS,
  type WebhookToolSettings,
} from '@svc/protocol/agent';
import { getAt, type FieldErrors } from '../schema-form/schema-model';

/** The feature type this editor is for. */
export const WEBHOOK_TOOLS_TYPE: string = FEATURE_TYPES.WEBHOOK_TOOLS_CUSTOM;

/** A webhook tool as the draft holds it. */
export interface WebhookTool {
  name: string;
  type: string;
  description?: string;
  parameters?: Record<string, unknown>;
  settings?: { operation?: string; webhook?: Partial<WebhookToolSettings> };
}

/** A tool the author starts from: a POST without arguments, a name no other tool has. */
export function newWebhookTool(takenNames: readonly string[]): WebhookTool {
  let number = 1;
  while (takenNames.includes(`backend_call_${number}`)) number += 1;
  return {
    name: `backend_call_${number}`,
    type: 'server',
    description: '',
    parameters: { type: 'object', properties: {}, required: [] },
    settings: { operation: 'custom', webhook: { method: 'POST', url: 'https://' } },
  };
}

/**
 * What the API would refuse (422) in the draft's webhook-tools features, under the dotted path of
 * the field: `features.0.tools.1.settings.webhook.url`; argument schema problems under `parameters`.
 */
export function webhookToolErrors(draft: unknown): FieldErrors {
  const features = getAt(draft, ['features']);
  if (!Array.isArray(features)) return {};
  const errors: FieldErrors = {};
  features.forEach((feature: { type?: unknown; tools?: unknown }, index) => {
    if (feature.type !== WEBHOOK_TOOLS_TYPE) return;
    const at = `features.${index}.tools`;
    const tools = (Array.isArray(feature.tools) ? feature.tools : []) as WebhookTool[];
    if (tools.length === 0) errors[at] = 'Add at least one tool that calls your backend';
    if (tools.length > WEBHOOK_TOOL_LIMITS.MAX_TOOLS)
      errors[at] = `At most ${WEBHOOK_TOOL_LIMITS.MAX_TOOLS} tools`;
    tools.forEach((tool, toolIndex) => {
      const where = `${at}.${toolIndex}`;
      if (!tool.description?.trim())
        errors[`${where}.description`] =
          'Description is required: the model reads it to know when to call the tool';
      const problems = toolParametersProblems(tool.parameters);
      if (problems.length > 0)
        errors[`${where}.parameters`] = problems
          .map((problem) => `${problem.path || 'the schema'}: ${problem.message}`)
          .join('; ');
      for (const problem of webhookToolProblems(tool.settings?.webhook, tool.parameters)) {
        // Header problems show under the headers field, as one list.
        const field = problem.path.startsWith('webhook.headers') ? 'webhook.headers' : problem.path;
        const key = `${where}.settings.${field}`;
        errors[key] = errors[key] ? `${errors[key]}; ${problem.message}` : problem.message;
      }
    });
  });
  return errors;
}
