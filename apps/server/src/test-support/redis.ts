/** The Redis the scaled-out tests use (this machine's, or CITADEL_TEST_REDIS_URL), and whether it answers. */
import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env.CITADEL_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export async function redisUp(url = TEST_REDIS_URL): Promise<boolean> {
  const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}
