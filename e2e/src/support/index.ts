/**
 * `@svc/e2e/support`: the cross-app test kit the session benchmark shares with these tests: a
 * Chromium launcher, a page bundler, an agent stand-in, the Platform API with a test page, and a
 * spoken-conversation page that records what the agent heard and did.
 *
 * @packageDocumentation
 */
export { joinAsAgent, type AgentStandIn } from './agent-stand-in.js';
export { launchChromium, type FakeMicrophoneOptions } from './browser.js';
export { bundlePage } from './page-bundle.js';
export { startExamplePage, type ExamplePage } from './example-page.js';
export { startPlatformApi, type PlatformApi } from './platform-api.js';
export {
  voicePageScript,
  VOICE_PAGE_HTML,
  type VoicePageApi,
  type VoicePageCapture,
  type VoicePageRecord,
} from './voice-page-record.js';
