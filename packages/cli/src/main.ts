/**
 * Entry point of the `citadel` command (packages/cli/bin/citadel.mjs runs the
 * built dist/citadel.js, or this file through tsx) and of `npm run scan`.
 * Subcommands: citadel.ts; a scan's usage and exit codes: USAGE in args.ts.
 */
import { runCitadel } from './citadel.ts';

const controller = new AbortController();
// First Ctrl-C asks the engine to stop between items; a second one ends the process at once.
process.once('SIGINT', () => {
  controller.abort(new Error('interrupted'));
  process.once('SIGINT', () => process.exit(130));
});

runCitadel(process.argv.slice(2), {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  signal: controller.signal,
}).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`citadel: unexpected error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 4;
  },
);
