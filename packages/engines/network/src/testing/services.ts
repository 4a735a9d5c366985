/**
 * Test support: whether this machine's services are up (CI has PostgreSQL,
 * Redis, MariaDB, RabbitMQ, Mosquitto and NATS on 127.0.0.1), so tests that
 * need one skip with a reason when it is absent, and the policy parameters
 * that let a test reach the loopback.
 */
import net from 'node:net';

export const LOOPBACK_PARAMS = { allowLoopback: 'true', rate: '0' } as const;

export const SERVICES = { mqtt: 1883, mysql: 3306, nats: 4222, postgresql: 5432, amqp: 5672, redis: 6379 } as const;

export function portOpen(port: number, host = '127.0.0.1', timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host, port });
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(timeoutMs, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });
}

/** Which of SERVICES answer here. */
export async function servicesUp(): Promise<Record<keyof typeof SERVICES, boolean>> {
  const entries = await Promise.all(Object.entries(SERVICES).map(async ([k, p]) => [k, await portOpen(p)] as const));
  return Object.fromEntries(entries) as Record<keyof typeof SERVICES, boolean>;
}
