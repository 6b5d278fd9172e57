/** The shared ticker's `useNow` (lib/ticker.ts), under the name pages already import. */
export { useNow } from '../../lib/ticker';
