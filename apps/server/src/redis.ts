import { createClient } from 'redis';

export type RedisClient = ReturnType<typeof createClient>;

/**
 * Connects the shared command client. Offline queueing is off so /ready and callers fail fast
 * while Redis is down instead of hanging on a queue.
 */
export async function connectRedis(url: string, onError: (error: unknown) => void): Promise<RedisClient> {
  const client = createClient({ url, disableOfflineQueue: true });
  client.on('error', onError);
  await client.connect();
  return client;
}
