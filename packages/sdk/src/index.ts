/**
 * `@svc/sdk`: the headless session at the package root. UI bindings are in `@svc/sdk/react`.
 *
 * @packageDocumentation
 */
export { SvcSession } from './session/svc-session.js';
export type {
  FeatureToolRunner,
  SessionEndInfo,
  StartOptions,
  SvcSessionEvents,
  SvcSessionOptions,
  SvcSessionSnapshot,
  ToolHandler,
} from './session/types.js';
export { SvcError } from './errors.js';
export { localizedName } from './session/localized-features.js';
export type {
  LocalizedSessionConfig,
  LocalizedSessionFeature,
} from './session/localized-features.js';
