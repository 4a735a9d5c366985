/**
 * `citadel shield FILE --type app|so|sdk|h5|source --out FILE`: hardening for
 * pipelines, the same type modules the portal runs (packages/shield/*). The
 * protected file is written only when its verification passed; otherwise the
 * failed checks are printed and nothing is shipped.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { CliIo } from './scan.ts';

export const SHIELD_USAGE = `Usage: citadel shield FILE --type app|so|sdk|h5|source --out FILE [options]   (npm run shield -- …)

Hardens FILE with the type's strategy, verifies the result and writes it to --out.

Options:
  --type T               app (APK), so (ELF shared library), sdk (JAR or AAR), h5 (HTML file or zip of
                         a web app) or source (zip of a JavaScript/TypeScript Node.js project)
  --out FILE             where to write the protected file (only when verification passed)
  --strategy FILE.json   strategy values (see the type's options); default: the type's first default strategy
  --keystore FILE        app: the signing keystore (JKS or PKCS#12); its password is read from
                         the environment variable CITADEL_KS_PASS (never from the command line)
  --alias NAME           app: the key alias in the keystore
  --one-off-key          app: sign with a one-off key (testing only; re-sign before release)
  --test-command CMD     source: the project's test command (e.g. "npm test"), run on the original
                         and the protected copy; their exit codes must match
  --json                 print the whole result as JSON
  -h, --help             this text

Exit codes: 0 protected and verified, 1 the input or a step failed, 2 usage error, 3 verification failed.
`;

function option(argv: readonly string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  if (i >= 0) return argv[i + 1];
  const eq = argv.find((a) => a.startsWith(`${name}=`));
  return eq?.slice(name.length + 1);
}

export async function runShield(argv: readonly string[], io: CliIo): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout(SHIELD_USAGE);
    return 0;
  }
  const valued = new Set(['--type', '--out', '--strategy', '--keystore', '--alias', '--test-command']);
  const file = argv.find((a, i) => !a.startsWith('--') && !(i > 0 && valued.has(argv[i - 1]!)));
  const type = option(argv, '--type');
  const out = option(argv, '--out');
  if (!file || !type || !out) {
    io.stderr(`shield: FILE, --type and --out are required\n\n${SHIELD_USAGE}`);
    return 2;
  }
  const { createRegistry, ShieldError, localize, validateStrategy } = await import('@citadel/shield-core');
  const { androidShieldTypes } = await import('@citadel/shield-android');
  const { sourceShield } = await import('@citadel/shield-source');
  // H5 is loaded only when asked for: its module brings the browser driver
  const types = [...androidShieldTypes, ...(type === 'h5' ? [(await import('@citadel/shield-h5')).h5Shield] : []), sourceShield];
  const mod = createRegistry(types).get(type);
  if (!mod) {
    io.stderr(`shield: unknown type ${type} (${[...types.map((m) => m.type), 'h5'].join(', ')})\n`);
    return 2;
  }
  let strategy: Record<string, unknown> = { ...(mod.defaults[0]?.values ?? {}) };
  const strategyFile = option(argv, '--strategy');
  if (strategyFile) {
    try {
      strategy = JSON.parse(readFileSync(strategyFile, 'utf8')) as Record<string, unknown>;
    } catch (e) {
      io.stderr(`shield: cannot read the strategy ${strategyFile}: ${(e as Error).message}\n`);
      return 2;
    }
  }
  if (argv.includes('--one-off-key')) strategy.signWith = 'oneOff';
  const testCommand = option(argv, '--test-command');
  if (testCommand) strategy.testCommand = testCommand;
  const keystorePath = option(argv, '--keystore');
  const extras: Record<string, unknown> = {};
  if (keystorePath) {
    const password = process.env.CITADEL_KS_PASS;
    if (!password) {
      io.stderr('shield: --keystore needs its password in the environment variable CITADEL_KS_PASS\n');
      return 2;
    }
    const alias = option(argv, '--alias');
    extras.keystore = { path: keystorePath, password, ...(alias ? { alias } : {}) };
  }
  // the same check the portal makes: unknown keys refused, missing ones take the schema default
  const checked = validateStrategy(mod.schema, strategy);
  if (!checked.ok) {
    io.stderr(`shield: invalid strategy: ${checked.errors.join('; ')}\n`);
    return 2;
  }
  const workDir = mkdtempSync(join(tmpdir(), 'citadel-shield-'));
  try {
    const r = await mod.harden({ path: file, name: basename(file) }, checked.values, { workDir, extras, onStep: (s, p) => io.stderr(`  ${p}% ${s}\n`) });
    if (argv.includes('--json')) io.stdout(`${JSON.stringify({ ...r, outputPath: undefined }, null, 2)}\n`);
    else {
      for (const a of r.applied) io.stdout(`applied  ${a.id}${a.detail ? `: ${a.detail}` : ''}\n`);
      for (const c of r.verification.checks) io.stdout(`${c.ok ? 'ok      ' : 'FAILED  '} ${c.id}${c.detail ? `: ${c.detail}` : ''}\n`);
      for (const u of r.verification.unverified ?? []) io.stdout(`not verified: ${localize(u, 'en')}\n`);
      io.stdout(`metrics  ${Object.entries(r.metrics).map(([k, v]) => `${k}=${v}`).join(' ')}\n`);
    }
    if (!r.verification.ok) {
      io.stderr('shield: verification failed; no output written\n');
      return 3;
    }
    copyFileSync(r.outputPath, out);
    io.stderr(`shield: wrote ${out}\n`);
    return 0;
  } catch (e) {
    if (e instanceof ShieldError) {
      io.stderr(`shield: ${e.text.en}${e.detail ? ` (${e.detail})` : ''}\n`);
      return 1;
    }
    throw e;
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
