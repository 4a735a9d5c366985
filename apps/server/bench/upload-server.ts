/**
 * The server process of the upload benchmark: the real app on 127.0.0.1 with a
 * free port (configuration from the environment); prints {"port": n} once listening.
 */
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

const built = await buildApp(loadConfig(), { logger: false });
await built.app.listen({ port: 0, host: '127.0.0.1' });
const address = built.app.server.address();
process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
process.on('SIGTERM', () => void built.close().then(() => process.exit(0)));
