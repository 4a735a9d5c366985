/** A generated library as one zip (the download), its files under a folder named after the logo. */
import { zipSync } from 'fflate';

export function packLibrary(logo: string, files: Map<string, Buffer>): Buffer {
  const tree: Record<string, Uint8Array> = {};
  for (const [name, data] of files) tree[`${logo}/${name}`] = data;
  return Buffer.from(zipSync(tree, { level: 6 }));
}
