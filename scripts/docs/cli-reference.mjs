#!/usr/bin/env node
/**
 * Writes docs/cli.md from the commands' own help texts (`citadel <command> --help`, run
 * from the sources), so the reference never drifts from the CLI. Run it after changing a
 * command's options: node scripts/docs/cli-reference.mjs (docs.test.ts checks it was).
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const help = (...args) => {
  const r = spawnSync(process.execPath, [path.join(root, 'packages/cli/bin/citadel.mjs'), ...args], { encoding: 'utf8', env: { ...process.env, CITADEL_FROM_SOURCE: '1' } });
  if (r.status !== 0) throw new Error(`citadel ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return r.stdout.trimEnd();
};

const HEAD = "# CLI reference: `citadel`\n\nThe `citadel` command runs the assessment engines offline (for pipelines and for files that\nnever go to the portal), manages the vulnerability data, generates white-box libraries and\nbacks up an embedded installation. From a checkout: `npx citadel \u2026` (after `npm ci`), or\n`npm run scan -- \u2026` for `citadel scan \u2026`. In the container image: `citadel \u2026`.\n\n`citadel` runs the built CLI (`dist/citadel.js`) when `npm run build` made it and it is newer\nthan its sources, otherwise the TypeScript sources through tsx. Output meant for machines\n(JSON, SARIF) goes to standard output or `--out`; progress and summaries go to standard\nerror (`--quiet` silences them).\n\n";
const FOOT = "## Examples\n\n```sh\ncitadel scan app.apk                                   # JSON assessment on standard output\ncitadel scan app.apk --format sarif --out app.sarif --fail-on high\ncitadel scan ./src --platform source --format sarif --locale zh-CN\ncitadel scan firmware.bin --vuln-db ./osv              # component versions \u2192 CVEs, offline\ncitadel scan --url https://staging.example.com/ --param allowNetworks=10.0.0.0/8\ncitadel scan --platform network --target 192.0.2.0/28 --ports 22,80,443\ncitadel scan --compare old.bin new.bin --platform firmware --format text\ncitadel vulndb import ~/Downloads/osv-all.zip\ncitadel vulndb query pkg:npm/lodash@4.17.15\nWB_KEY=000102030405060708090a0b0c0d0e0f citadel whitebox --algorithm aes128 --mode cbc --out ./wb\ncitadel backup /backups/citadel-$(date +%F)\n```\n\nSee [CI examples](ci.md) for pipelines that upload the SARIF output.\n";

const top = help('help');
const commands = [...top.matchAll(/^  ([a-z]+)\s{2,}/gm)].map((m) => m[1]).filter((c) => c !== 'help');
const sections = [`## citadel\n\n\`\`\`text\n${top}\n\`\`\`\n`, ...commands.map((c) => `## citadel ${c}\n\n\`\`\`text\n${help(c, '--help')}\n\`\`\`\n`)];
writeFileSync(path.join(root, 'docs/cli.md'), `${HEAD}${sections.join('\n')}\n${FOOT}`);
console.log(`docs/cli.md: ${commands.length} commands`);
