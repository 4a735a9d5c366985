/**
 * Entry point of `npm run scan` (root script: tsx packages/cli/src/main.ts).
 * Usage and exit codes: see USAGE in args.ts or run with --help.
 */
import { runCli } from './scan.ts';

const controller = new AbortController();
// First Ctrl-C asks the engine to stop between items; a second one ends the process at once.
process.once('SIGINT', () => {
  controller.abort(new Error('interrupted'));
  process.once('SIGINT', () => process.exit(130));
});

runCli(process.argv.slice(2), {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  signal: controller.signal,
}).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`scan: unexpected error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 4;
  },
);
