/**
 * `@svc/e2e/support`: the cross-app test kit the session benchmark shares with these tests: a
 * Chromium launcher, a page bundler, an agent stand-in and the Platform API with a test page.
 *
 * @packageDocumentation
 */
export { joinAsAgent, type AgentStandIn } from './agent-stand-in.js';
export { launchChromium } from './browser.js';
export { bundlePage } from './page-bundle.js';
export { startPlatformApi } from './platform-api.js';
