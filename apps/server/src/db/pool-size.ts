/**
 * PostgreSQL connections one instance keeps open by default (`DATABASE_POOL_SIZE`). Several
 * instances share the server's `max_connections` (100 by default): size the pool so that instances
 * × pool stays below it, or put PgBouncer in front (README, "Scaling out").
 */
export const DEFAULT_POOL_SIZE = 10;
