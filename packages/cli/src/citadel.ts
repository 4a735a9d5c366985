/**
 * The `citadel` command: subcommands on top of the offline scanner. Without a
 * subcommand the arguments are a scan's (so `npm run scan -- app.apk` keeps
 * working). Each subcommand loads its code only when it runs, so `citadel scan`
 * does not pay for the server's backup code or the white-box generator.
 */
import { type CliIo, runCli } from './scan.ts';

export const CITADEL_USAGE = `Usage: citadel <command> [options]

Commands:
  scan       assess files, a folder, a URL or network targets offline; JSON or SARIF output
  vulndb     import and query the vulnerability database (OSV, NVD)
  whitebox   generate and verify a white-box cryptography library
  shield     harden an APK, SO library or SDK (JAR/AAR) and verify the result
  backup     back up the embedded database, objects and master key while the portal runs
  restore    restore such a backup (portal stopped)
  help       this text; \`citadel <command> --help\` for a command's options

\`citadel FILE …\` is \`citadel scan FILE …\`. Exit codes are listed in each command's help.
`;

const COMMANDS = ['scan', 'vulndb', 'whitebox', 'shield', 'backup', 'restore', 'help'] as const;

export async function runCitadel(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case undefined:
      io.stderr(CITADEL_USAGE);
      return 2;
    case 'help':
    case '--help':
    case '-h':
      if (rest[0] && (COMMANDS as readonly string[]).includes(rest[0]) && rest[0] !== 'help') return runCitadel([rest[0], '--help'], io);
      io.stdout(CITADEL_USAGE);
      return 0;
    case 'scan':
      return runCli(rest, io);
    case 'vulndb':
      return runCli(argv, io);
    case 'whitebox':
      return (await import('./whitebox.ts')).runWhitebox(rest, io);
    case 'shield':
      return (await import('./shield.ts')).runShield(rest, io);
    case 'backup':
    case 'restore':
      return (await import('./backup.ts')).runBackup(command, rest, io);
    default:
      return runCli(argv, io);
  }
}
