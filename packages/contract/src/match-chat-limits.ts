// Zod-free: part of `@cwh/contract/constants`, so the web's chat panel shares the server's limits.

/** Longest match chat message, in characters (UTF-16 code units), after trimming. */
export const MATCH_CHAT_MAX_LENGTH = 500;
/** Messages per page of GET /history (default and most). */
export const MATCH_CHAT_PAGE_SIZE = { default: 30, max: 100 } as const;
/** Messages one user may send per window (over every room), and the window. */
export const MATCH_CHAT_RATE = { messages: 5, windowSeconds: 10 } as const;
