// Vite build of the portal SPA. In development every API prefix (SPEC §7) is
// proxied to the server so the browser sees one origin, as in production.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const SERVER = 'http://127.0.0.1:8080';

/** Generic prefixes of SPEC §7 plus the named calls' prefixes. */
const API_PREFIXES = [
  'aa', 'wf', 'ext', 'dm', 'miniprogram', 'abc', 'appinfo', 'ceping', 'jiagu', 'tw', 'pm', 'um', 'lic', 'report', 'atx', 'stf', 'mpm',
  'whitebox', 'f', 'ii', 'notice', 'appraisal', 'networkVulnerability',
  'captcha', 'ui', 'user', 'rdm', 'rdq', 'mb', 'home', 'task', 'template', 'uass', 'download', 'file', 'file3', '__test',
];

/** Node's environment, typed locally: this config is typechecked with the browser's types only. */
const nodeEnv = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env;

export default defineConfig(({ command }) => {
  // A build is always a production build, even when started from a test runner that
  // exports NODE_ENV=test (React and its JSX runtime would otherwise be the development ones).
  if (command === 'build' && nodeEnv) nodeEnv.NODE_ENV = 'production';
  return {
    plugins: [react()],
    base: './',
    build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
    server: {
      port: 5173,
      proxy: {
        // One anchored pattern so that e.g. "f" never captures "/favicon.svg".
        [`^/(${API_PREFIXES.join('|')})(/|$|\\?)`]: { target: SERVER, changeOrigin: true },
        '/socket': { target: SERVER, ws: true, changeOrigin: true },
      },
    },
  };
});
