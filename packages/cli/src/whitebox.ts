/**
 * `citadel whitebox …`: the white-box library generator of packages/whitebox,
 * run in this process with its own argument parsing and exit codes (0 done,
 * 2 usage error or failed verification). Its help is given here because the
 * generator prints its help from its own source file, which a bundle does not have.
 */
import type { CliIo } from './scan.ts';

export const WHITEBOX_USAGE = `Usage: citadel whitebox --algorithm aes128|aes192|aes256|sm4 --key HEX --out DIR [options]

Generates a white-box cryptography library (portable C) for one key into DIR, then compiles
it and verifies it against the standard vectors (gcc; qemu for the Android ABIs) and scans
the tables for the key, unless --no-verify.

Options:
  --algorithm A          aes128, aes192, aes256 or sm4
  --key HEX              the key in hex; better --key-file FILE or the environment variable
                         WB_KEY (a command line is visible to other users of the machine)
  --key-file FILE        read the key from FILE
  --mode M[,M]           ecb, cbc (default ecb,cbc)
  --direction D          enc, dec or both (default both)
  --padding P            pkcs7 or none (default pkcs7)
  --preference P         security or performance (default security)
  --logo NAME            library name, wbsk… (default random)
  --android PKG,…        Android packages allowed to load the library
  --ios BUNDLE,…         iOS bundle ids allowed to load the library
  --no-verify            skip compiling and verifying
  --dca N                also run a differential computation analysis with N traces
  -h, --help             this text

Exit codes: 0 generated (and verified), 2 usage error or verification failed.
`;

export async function runWhitebox(argv: readonly string[], io: CliIo): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout(WHITEBOX_USAGE);
    return 0;
  }
  const given = (name: string) => argv.some((a) => a === name || a.startsWith(`${name}=`));
  if (!given('--algorithm') || !given('--out')) {
    io.stderr(`whitebox: --algorithm and --out are required\n\n${WHITEBOX_USAGE}`);
    return 2;
  }
  // The generator is a script that reads process.argv and exits by itself.
  process.argv = [process.argv[0]!, 'whitebox', ...argv];
  await import('../../whitebox/src/cli.ts');
  return 0;
}
