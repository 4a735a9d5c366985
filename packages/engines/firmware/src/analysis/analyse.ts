/**
 * One pass over an unpacked image producing every fact the checks, the
 * portal's preview and compare, and the SBOM need. Pure: no findings here.
 */
import type { UnpackedImage } from '../unpack/scan.ts';
import { type Account, findAccounts } from './accounts.ts';
import { type BinaryFacts, analyseBinaries } from './binaries.ts';
import { type Component, findComponents } from './components.ts';
import { type Identity, identify } from './identity.ts';
import { type Service, findServices } from './network.ts';
import { findSecrets } from './secrets.ts';
import { ImageView } from './view.ts';
import { type WebFacts, findWeb } from './web.ts';

export interface ImageFacts {
  view: ImageView;
  identity: Identity;
  accounts: Account[];
  components: Component[];
  binaries: BinaryFacts[];
  services: Service[];
  secrets: ReturnType<typeof findSecrets>;
  web: WebFacts;
  unreadable: { file: string; reason: string }[];
}

export function analyseImage(image: UnpackedImage, now: Date, signal?: AbortSignal): ImageFacts {
  const view = new ImageView(image);
  const identity = identify(view);
  signal?.throwIfAborted();
  const accounts = findAccounts(view);
  const components = findComponents(view, identity);
  signal?.throwIfAborted();
  const { binaries, unreadable } = analyseBinaries(view, signal);
  const services = findServices(view);
  const secrets = findSecrets(view, now);
  const web = findWeb(view);
  return { view, identity, accounts, components, binaries, services, secrets, web, unreadable };
}
