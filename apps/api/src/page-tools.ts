import { rpcMethodName } from '@svc/protocol';
import { PAGE_TOOL_LIMITS, toolParametersProblems } from '@svc/protocol/agent';
import { HttpError } from './errors.js';

// The business's page actions (`page:tools:custom`): tools the page runs over RPC, which the type
// cannot give defaults for, so each one says what it does and takes. The request schema already
// checked their shapes (400); what is checked here is what the model and the page need of them
// (422, naming the field).

/** What {@link checkPageTools} reads of a page-tools feature's tool. */
export interface PageToolToCheck {
  name?: string | undefined;
  type?: string | undefined;
  description?: string | undefined;
  parameters?: Record<string, unknown> | undefined;
  settings?: Record<string, unknown> | undefined;
  frontend_method?: string | undefined;
  rpc_timeout_s?: number | undefined;
}

/**
 * Checks the tools of one page-tools feature at `at` (`features[1]`): one to
 * {@link PAGE_TOOL_LIMITS.MAX_TOOLS} tools, each run by the page, described for the model, with an
 * argument schema the models follow, a bounded timeout and an RPC method no other tool of it uses.
 * Throws a 422 naming the first field at fault, such as
 * `features[1].tools[0].parameters.properties.date.type: must be one of string, ...`.
 */
export function checkPageTools(tools: readonly PageToolToCheck[], at: string): void {
  const fail = (where: string, message: string): never => {
    throw new HttpError(422, `${at}${where}: ${message}`);
  };
  if (tools.length === 0) fail('.tools', 'must hold at least one tool the page runs');
  if (tools.length > PAGE_TOOL_LIMITS.MAX_TOOLS)
    fail('.tools', `must hold at most ${PAGE_TOOL_LIMITS.MAX_TOOLS} tools`);
  const methods = new Set<string>();
  for (const [index, tool] of tools.entries()) {
    const where = `.tools[${index}]`;
    if (tool.type !== 'frontend') fail(`${where}.type`, 'must be frontend: the page runs it');
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
      fail(`${where}.settings.operation`, 'must be custom: the page decides what the tool does');
    const timeout = tool.rpc_timeout_s;
    if (
      timeout !== undefined &&
      !(timeout >= PAGE_TOOL_LIMITS.MIN_TIMEOUT_S && timeout <= PAGE_TOOL_LIMITS.MAX_TIMEOUT_S)
    )
      fail(
        `${where}.rpc_timeout_s`,
        `must be between ${PAGE_TOOL_LIMITS.MIN_TIMEOUT_S} and ${PAGE_TOOL_LIMITS.MAX_TIMEOUT_S} seconds`,
      );
    // Two tools on one method would be one handler on the page: the second registration conflicts.
    const method = rpcMethodName({
      name: tool.name ?? '',
      ...(tool.frontend_method ? { frontend_method: tool.frontend_method } : {}),
    });
    if (methods.has(method))
      fail(`${where}.frontend_method`, `${method} is the page method of another tool`);
    methods.add(method);
  }
}
