/** @citadel/server: the API server. buildApp() builds it without a port (for tests); main.ts starts it. */
export { buildApp, type BuiltApp } from './app.ts';
export { loadConfig, type Config } from './config.ts';
