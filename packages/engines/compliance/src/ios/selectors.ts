/**
 * Objective-C selectors a binary sends (its __TEXT,__objc_methname section),
 * for the personal-information calls that no imported class gives away:
 * `-[UIDevice identifierForVendor]` (UIDevice is imported by nearly every
 * app) and `advertisingIdentifier` reached through a class looked up at run
 * time. The iOS engine's summaries keep no selectors, so the binaries are read
 * once more from the IPA, each bounded; one that cannot be read is skipped
 * (the import-based findings stand). The app's own executable is also walked
 * for the start-up call graph (startup.ts) while its bytes are at hand.
 */
import { FormatError, withZip } from '@citadel/engine-core';
import { type IosPackage, findSection, readMachO, sectionBytes } from '@citadel/engine-ios';
import { type IosStartup, iosStartup } from './startup.ts';

const MAX_BINARY_BYTES = 256 << 20;
const MAX_SELECTOR_BYTES = 16 << 20;

export interface BinaryReading {
  /** Binary path → the wanted selectors it names. */
  selectors: Map<string, Set<string>>;
  /** The start-up call graph of the app's executable (its arm64 slice), when it has one. */
  startup?: IosStartup;
  /** Why there is no call graph, when there is none. */
  startupMissing?: string;
}

export async function readBinaries(path: string, pkg: IosPackage, wanted: ReadonlySet<string>): Promise<BinaryReading> {
  const out: BinaryReading = { selectors: new Map() };
  if (pkg.binaries.length === 0) return { ...out, startupMissing: 'no executable in the package' };
  await withZip(path, async (zip) => {
    for (const b of pkg.binaries) {
      const entry = zip.getEntry(b.path);
      if (!entry || entry.uncompressedSize > MAX_BINARY_BYTES) continue;
      try {
        const bytes = await zip.read(entry, { maxBytes: MAX_BINARY_BYTES });
        const images = readMachO(bytes).images;
        const image = images[0];
        if (b.role === 'main') {
          const arm64 = images.find((i) => i.header.cputype === 0x0100000c);
          if (arm64?.encryption && arm64.encryption.cryptid !== 0) out.startupMissing = 'the executable is encrypted (FairPlay): its code cannot be read';
          else if (arm64) out.startup = iosStartup(arm64);
          else out.startupMissing = 'the executable has no arm64 code';
        }
        const section = image && findSection(image, ['__TEXT'], '__objc_methname');
        if (wanted.size === 0 || !image || !section || section.size > MAX_SELECTOR_BYTES) continue;
        const found = new Set<string>();
        for (const name of Buffer.from(sectionBytes(image, section)).toString('latin1').split('\0')) if (wanted.has(name)) found.add(name);
        if (found.size > 0) out.selectors.set(b.path, found);
      } catch (e) {
        if (!(e instanceof FormatError) && !(e instanceof RangeError)) throw e;
        if (b.role === 'main') out.startupMissing = `the executable could not be read: ${(e as Error).message}`;
      }
    }
  });
  if (!out.startup && !out.startupMissing) out.startupMissing = 'the executable could not be read';
  return out;
}
