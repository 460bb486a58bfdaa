// One line per schema step, each in its file here (`NNN-name.ts` exporting the step named `NNN_name`).
// The runner orders them by name; a test checks that every file of this folder has its line.
export { publicApi } from './001-public-api.js';
export { contentAndAdmin } from './002-content-and-admin.js';
export { publicationHistory } from './003-publication-history.js';
export { dashboard } from './004-dashboard.js';
export { scenarioTests } from './005-scenario-tests.js';
export { toolCalls } from './006-tool-calls.js';
export { testRuns } from './007-test-runs.js';
export { dashboardIndexes } from './008-dashboard-indexes.js';
export { conversationResumedAt } from './009-conversation-resumed-at.js';
export { conversationEndDetail } from './010-conversation-end-detail.js';
export { agentCapabilities } from './011-agent-capabilities.js';
export { collectionLanguage } from './012-collection-language.js';
export { credentials } from './013-credentials.js';
export { sessionCapsAndSignedIdentify } from './015-session-caps-and-signed-identify.js';
export { applicationRetention } from './016-application-retention.js';
export { webhookTools } from './017-webhook-tools.js';
export { knowledge } from './018-knowledge.js';
export { postCall } from './019-post-call.js';
export { itemEmbeddings } from './020-item-embeddings.js';
