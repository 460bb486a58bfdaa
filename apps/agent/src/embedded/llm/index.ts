// The embedded, offline LLM of the agent: a small GGUF model on node-llama-cpp (installed in a
// cached prefix by scripts/ensure-llm.mjs), with grammar-constrained tool calls.

export {
  LlamaLLM,
  LlamaLLMStream,
  type LlamaLLMOptions,
  type LlamaTurnStats,
} from './llama-llm.js';
export {
  DEFAULT_MODEL_ID,
  llmCacheDir,
  loadNodeLlamaCpp,
  MODELS,
  modelPath,
  type ModelPart,
  type ModelSpec,
  NODE_LLAMA_CPP_VERSION,
  nodeLlamaCppPaths,
} from './node-llama-cpp.js';
export {
  cleanArguments,
  compactToolOutput,
  decisionSchema,
  DecisionReader,
  findItemIds,
  NO_TOOL,
  parseDecision,
  protocolInstructions,
  REPLY_PREFIX,
  toGrammarSchema,
  validateJson,
  type Decision,
  type GrammarSchemaOptions,
  type JsonSchema,
  type ProtocolTool,
  type SchemaError,
} from './tool-protocol.js';
