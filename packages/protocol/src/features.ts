/** The feature types the authoring tool configures; a frontend registry key equals one of them. */
export const FEATURE_TYPES = {
  COLLECTION_ITEMS_SEARCH: 'collection:items:search',
  COLLECTION_ITEMS_DISPLAY: 'collection:items:display',
  COLLECTION_ITEMS_COMPARISON: 'collection:items:comparison',
  BUCKET_LIST_CRUD: 'bucket:list:crud',
  WORKFLOW_CONVERSATION_END: 'workflow:conversation:end',
  /** The business's own page actions: tools the page runs over RPC, each with its own schema. */
  PAGE_TOOLS_CUSTOM: 'page:tools:custom',
  /** The business's own backend: tools the API runs as signed HTTPS calls to its endpoints. */
  WEBHOOK_TOOLS_CUSTOM: 'webhook:tools:custom',
  /** The company's knowledge base: the documents `settings.document_ids` lists, searched by the agent. */
  KNOWLEDGE_DOCUMENTS_SEARCH: 'knowledge:documents:search',
} as const;
/** A known feature type. Configs may carry others; they are strings on the wire. */
export type FeatureType = (typeof FEATURE_TYPES)[keyof typeof FEATURE_TYPES];

/**
 * Tool response codes. `OK` is what the session-tool wrapper answers, `SUCCESS` what feature tools
 * answer; every receiver treats both as success (see {@link isSuccessCode}).
 */
export const RESPONSE_CODES = {
  SUCCESS: 'SUCCESS',
  OK: 'OK',
  ERROR: 'ERROR',
  TIMEOUT: 'TIMEOUT',
  CANCELLED: 'CANCELLED',
} as const;
/** A response code named by the contract; other strings are allowed on the wire. */
export type ResponseCode = (typeof RESPONSE_CODES)[keyof typeof RESPONSE_CODES];

/** True for `SUCCESS` and `OK`, the two codes that mean a tool succeeded. */
export function isSuccessCode(code: string): boolean {
  return code === RESPONSE_CODES.SUCCESS || code === RESPONSE_CODES.OK;
}
