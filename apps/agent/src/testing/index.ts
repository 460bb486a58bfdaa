/**
 * `@svc/agent/testing`: what tests and benchmarks in other workspaces use of the agent. A worker
 * spawned as the service runs it, the scripted LLM's lines, a visitor that joins a conversation
 * over the Transport, the demo's runtime config without a database, and the pieces of the agent
 * the LLM and speech benchmarks measure (its tools, instructions and recognizer phrases).
 *
 * @packageDocumentation
 */
export {
  DEMO_SCRIPT,
  freePort,
  recordingChannel,
  scriptPublication,
  spawnAgentWorker,
  startAgentWorker,
  startTestApi,
  stopAgentWorker,
  TEST_AGENT_KEY,
  workerActiveJobs,
  workerConnected,
  workerReady,
  type TestWorker,
  type WorkerStop,
} from '../test-support.js';
export { joinAsVisitor, visit, type Visitor, type VisitSetup } from '../test-visitor.js';
export { DEMO_COLLECTION_ID, demoRuntime } from './demo-runtime.js';
export type { ScriptLine } from '../providers.js';
export type { ConversationApi } from '../api-client.js';
export type { VisitorChannel } from '../channel.js';
export { instructionsFor } from '../scenario-agent.js';
export { buildTools } from '../tools.js';
export { scenarioPhrases, whisperPrompt } from '../scenario-phrases.js';
export { templatesFor, UNHELD_ANSWER_RULE, type ReplyTemplates } from '../router/index.js';
export {
  doubtsLastWord,
  ensureSmartTurn,
  INTERIM_HEARING_MS,
  isBackchannel,
  LAST_WORD_DOUBT,
  loadVad,
  NearTalkerVAD,
  SURE_OF_OTHERS,
  SMART_TURN_THRESHOLD,
  SmartTurnModel,
  soundsUnfinished,
  turnLanguage,
  UNFINISHED_TURN_DELAY_MS,
  V1_MINI_THRESHOLD,
} from '../turn/index.js';
