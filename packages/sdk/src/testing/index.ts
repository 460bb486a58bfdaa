/**
 * `@svc/sdk/testing`: fakes for testing frontends without a server (filled by the live-session
 * work).
 *
 * @packageDocumentation
 */
export {};
