export * from './checkin-rules.js';
