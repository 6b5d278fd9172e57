/**
 * `@cwh/contract/constants`: the contract's plain runtime values (API paths, headers, socket
 * namespace, message and event names) without zod, so a browser bundle that needs only these does
 * not pull in the schemas. The main entry re-exports everything here. Only zod-free modules may be
 * exported from this file (checked by constants.test.ts).
 */

export * from './calendar-paths.js';
export * from './match-chat-limits.js';
export * from './paths.js';
export * from './socket-events.js';
