/**
 * `@svc/sdk`: the headless session at the package root (filled by the live-session work).
 *
 * @packageDocumentation
 */
export { SvcError } from './errors.js';
