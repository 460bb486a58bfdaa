/**
 * `@svc/sdk/protocol`: the wire contract, re-exported from `@svc/protocol`.
 *
 * @packageDocumentation
 */
export * from '@svc/protocol';
