import Redis from 'ioredis';

/** Shared connection; commands queue while reconnecting (ioredis default). */
export const redis = new Redis(process.env.REDIS_URL ?? 'redis://localhost:6379', {
  maxRetriesPerRequest: 3,
});
