/**
 * Objective-C selectors a binary sends (its __TEXT,__objc_methname section),
 * for the personal-information calls that no imported class gives away:
 * `-[UIDevice identifierForVendor]` (UIDevice is imported by nearly every
 * app) and `advertisingIdentifier` reached through a class looked up at run
 * time. The iOS engine's summaries keep no selectors, so the binaries are read
 * once more from the IPA, each bounded; one that cannot be read is skipped
 * (the import-based findings stand).
 */
import { FormatError, withZip } from '@citadel/engine-core';
import { type IosPackage, findSection, readMachO, sectionBytes } from '@citadel/engine-ios';

const MAX_BINARY_BYTES = 256 << 20;
const MAX_SELECTOR_BYTES = 16 << 20;

/** Binary path → the wanted selectors it names. */
export async function readSelectors(path: string, pkg: IosPackage, wanted: ReadonlySet<string>): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (wanted.size === 0 || pkg.binaries.length === 0) return out;
  await withZip(path, async (zip) => {
    for (const b of pkg.binaries) {
      const entry = zip.getEntry(b.path);
      if (!entry || entry.uncompressedSize > MAX_BINARY_BYTES) continue;
      try {
        const bytes = await zip.read(entry, { maxBytes: MAX_BINARY_BYTES });
        const image = readMachO(bytes).images[0];
        const section = image && findSection(image, ['__TEXT'], '__objc_methname');
        if (!image || !section || section.size > MAX_SELECTOR_BYTES) continue;
        const found = new Set<string>();
        for (const name of Buffer.from(sectionBytes(image, section)).toString('latin1').split('\0')) if (wanted.has(name)) found.add(name);
        if (found.size > 0) out.set(b.path, found);
      } catch (e) {
        if (!(e instanceof FormatError) && !(e instanceof RangeError)) throw e;
      }
    }
  });
  return out;
}
