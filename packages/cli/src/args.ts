/** Command-line arguments of `citadel scan` (`npm run scan`), parsed without dependencies. */
import { PLATFORMS, type Platform, RISK_LEVELS, type RiskLevel, LOCALES, type Locale } from '@citadel/contracts';

export const USAGE = `Usage: citadel scan <file|folder> [more files] [options]
       (from a checkout also: npm run scan -- <file|folder> … )

Runs a Citadel assessment engine offline and prints the result.

Options:
  --format json|sarif     output format (default json)
  --format cyclonedx      the CycloneDX SBOM (JSON) of engines that produce one (sca, firmware)
  --format cyclonedx-xml  the same SBOM as CycloneDX 1.6 XML (one input)
  --format spdx           the same SBOM as SPDX 2.3 JSON
  --vex FILE              sca: a CycloneDX VEX or OpenVEX JSON file; the vulnerabilities it declares
                          not affected / fixed are reported as suppressed, with its justification
  --out FILE              write the result to FILE instead of standard output
  --platform P            assess as this platform (e.g. android_sdk for an APK/AAR), one of:
                          ${PLATFORMS.join(', ')}
  --url U                 assess a web target instead of files (needs a web engine)
  --target HOSTS          network/ics targets: hosts, addresses, CIDR ranges, comma-separated
                          (with --platform network or ics; default network)
  --ports LIST            TCP ports for --target, e.g. 22,80,8000-8100 (default: the platform's list)
  --vuln-db PATH          vulnerability database for version → CVE (packages/vulndb)
  --select ID,ID          run only these rule ids (the others are reported not executed)
  --fail-on RISK          exit 1 when an item of this risk or worse failed (serious, high, medium, low, info)
  --appid ID              WeChat app id, for encrypted PC mini-program packages
  --param KEY=VALUE       engine-specific parameter (repeatable)
  --sensitive-words W,W   extra words to look for in strings
  --locale L              language of SARIF texts: ${LOCALES.join(', ')} (default en)
  --include-passing       SARIF: also list passed, safe and not executed items
  --timeout SECONDS       abort the scan after this many seconds
  --list-engines          list the registered engines and exit
  --quiet                 no summary on standard error
  -h, --help              this text

Several files form one input (e.g. a mini-program's main package and sub-packages).
A folder of code is one project: the source engine reads the whole tree and the component
check its lockfiles and manifests together (packages inside it are assessed each by its
engine). Any other folder is scanned file by file; files no engine accepts are skipped.

Exit codes:
  0  the scan finished (and --fail-on was not reached)
  1  --fail-on: an item at or above that risk failed
  2  usage error: bad option, missing file
  3  no registered engine accepts the input
  4  the scan failed: the input cannot be assessed, the engine failed, or the output cannot be written
  130 interrupted (Ctrl-C) or --timeout reached
`;

export interface ScanArgs {
  inputs: string[];
  format: (typeof FORMATS)[number];
  /** --vex FILE: read by the scan command into params.vex. */
  vexFile?: string;
  out?: string;
  platform?: Platform;
  url?: string;
  /** Network/ICS targets (hosts, addresses, CIDR ranges). */
  target?: string;
  select?: string[];
  failOn?: RiskLevel;
  params: Record<string, string>;
  sensitiveWords?: string[];
  locale: Locale;
  includePassing: boolean;
  timeoutSeconds?: number;
  listEngines: boolean;
  quiet: boolean;
  help: boolean;
}

export class UsageError extends Error {}

export const FORMATS = ['json', 'sarif', 'cyclonedx', 'cyclonedx-xml', 'spdx'] as const;

const WITH_VALUE = new Set(['--format', '--out', '--platform', '--url', '--target', '--ports', '--vuln-db', '--select', '--fail-on', '--appid', '--param', '--sensitive-words', '--locale', '--timeout', '--vex']);

export function parseArgs(argv: readonly string[]): ScanArgs {
  const a: ScanArgs = { inputs: [], format: 'json', params: {}, locale: 'en', includePassing: false, listEngines: false, quiet: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    let arg = argv[i]!;
    let value: string | undefined;
    const eq = arg.indexOf('=');
    if (arg.startsWith('--') && eq > 2) {
      value = arg.slice(eq + 1);
      arg = arg.slice(0, eq);
    }
    if (WITH_VALUE.has(arg) && value === undefined) {
      value = argv[++i];
      if (value === undefined) throw new UsageError(`${arg} needs a value`);
    }
    switch (arg) {
      case '-h':
      case '--help':
        a.help = true;
        break;
      case '--list-engines':
        a.listEngines = true;
        break;
      case '--quiet':
        a.quiet = true;
        break;
      case '--include-passing':
        a.includePassing = true;
        break;
      case '--format':
        if (!(FORMATS as readonly string[]).includes(value!)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}, not "${value}"`);
        a.format = value as ScanArgs['format'];
        break;
      case '--out':
        a.out = value!;
        break;
      case '--platform':
        if (!(PLATFORMS as readonly string[]).includes(value!)) throw new UsageError(`unknown platform "${value}"; one of ${PLATFORMS.join(', ')}`);
        a.platform = value as Platform;
        break;
      case '--url':
        try {
          const u = new URL(value!);
          if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error();
        } catch {
          throw new UsageError(`--url needs an http(s) URL, not "${value}"`);
        }
        a.url = value!;
        break;
      case '--target':
        a.target = value!;
        break;
      case '--ports':
        a.params.ports = value!;
        break;
      case '--vex':
        a.vexFile = value!;
        break;
      case '--vuln-db':
        a.params.vulnDb = value!;
        break;
      case '--select':
        a.select = value!.split(',').map((s) => s.trim()).filter(Boolean);
        break;
      case '--fail-on':
        if (!(RISK_LEVELS as readonly string[]).includes(value!)) throw new UsageError(`--fail-on must be one of ${RISK_LEVELS.join(', ')}`);
        a.failOn = value as RiskLevel;
        break;
      case '--appid':
        a.params.appid = value!;
        break;
      case '--param': {
        const k = value!.indexOf('=');
        if (k <= 0) throw new UsageError(`--param needs KEY=VALUE, not "${value}"`);
        a.params[value!.slice(0, k)] = value!.slice(k + 1);
        break;
      }
      case '--sensitive-words':
        a.sensitiveWords = value!.split(',');
        break;
      case '--locale':
        if (!(LOCALES as readonly string[]).includes(value!)) throw new UsageError(`--locale must be one of ${LOCALES.join(', ')}`);
        a.locale = value as Locale;
        break;
      case '--timeout': {
        const n = Number(value);
        if (!Number.isFinite(n) || n <= 0) throw new UsageError(`--timeout needs a positive number of seconds`);
        a.timeoutSeconds = n;
        break;
      }
      default:
        if (arg.startsWith('-') && arg !== '-') throw new UsageError(`unknown option ${arg}`);
        a.inputs.push(argv[i]!);
    }
  }
  if (!a.help && !a.listEngines) {
    if ([a.url, a.target, a.inputs.length > 0 ? 'files' : undefined].filter(Boolean).length > 1) throw new UsageError('give one of files, --url or --target');
    if (!a.url && !a.target && a.inputs.length === 0) throw new UsageError('nothing to scan: give a file, a folder, --url or --target');
  }
  return a;
}
