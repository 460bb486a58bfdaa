import {
  toolParametersProblems,
  webhookToolProblems,
  WEBHOOK_TOOL_LIMITS,
} from '@svc/protocol/agent';
import { HttpError } from '../errors.js';
import type { PageToolToCheck } from '../page-tools.js';

// The business's backend calls (`webhook:tools:custom`): what the model needs of each tool (a
// description, an argument schema it can follow) and what the API needs to call it safely
// (`webhookToolProblems`). The request schema already checked the shapes (400); these are 422s
// naming the field.

/**
 * Checks the tools of one webhook-tools feature at `at` (`features[2]`): one to
 * {@link WEBHOOK_TOOL_LIMITS.MAX_TOOLS} tools, each run by the server (never the page), described
 * for the model, with an argument schema the models follow and a `settings.webhook` the API can
 * call: an https URL on a public host, headers that are not the platform's, a bounded timeout and
 * retries only for idempotent calls. Throws a 422 naming the first field at fault, such as
 * `features[2].tools[0].settings.webhook.url: must be an https:// address`.
 */
export function checkWebhookTools(tools: readonly PageToolToCheck[], at: string): void {
  const fail = (where: string, message: string): never => {
    throw new HttpError(422, `${at}${where}: ${message}`);
  };
  if (tools.length === 0) fail('.tools', 'must hold at least one tool that calls the business');
  if (tools.length > WEBHOOK_TOOL_LIMITS.MAX_TOOLS)
    fail('.tools', `must hold at most ${WEBHOOK_TOOL_LIMITS.MAX_TOOLS} tools`);
  for (const [index, tool] of tools.entries()) {
    const where = `.tools[${index}]`;
    if (tool.type !== 'server') fail(`${where}.type`, 'must be server: the API calls the endpoint');
    if (!tool.description?.trim())
      fail(`${where}.description`, 'is required: the model reads it to know when to call the tool');
    if (tool.parameters === undefined)
      fail(
        `${where}.parameters`,
        'is required: a JSON Schema of the arguments (an object without properties takes none)',
      );
    const [problem] = toolParametersProblems(tool.parameters);
    if (problem)
      fail(`${where}.parameters${problem.path ? `.${problem.path}` : ''}`, problem.message);
    const operation = tool.settings?.operation;
    if (operation !== undefined && operation !== 'custom')
      fail(
        `${where}.settings.operation`,
        'must be custom: the business decides what the tool does',
      );
    const [webhookProblem] = webhookToolProblems(tool.settings?.webhook, tool.parameters);
    if (webhookProblem) fail(`${where}.settings.${webhookProblem.path}`, webhookProblem.message);
  }
}
