/** Redis connections for BullMQ and the task-event bridge (scaled-out mode only). */
import { Redis } from 'ioredis';

export function redisConnection(url: string): Redis {
  // BullMQ workers block on Redis; they require maxRetriesPerRequest null.
  return new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
}
