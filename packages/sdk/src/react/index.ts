/**
 * `@svc/sdk/react`: React bindings (filled by the live-session work).
 *
 * @packageDocumentation
 */
export {};
