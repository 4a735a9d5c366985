/** CycloneDX 1.5 JSON of the image: the firmware as the subject, each component with its version, CPE and where it was seen. */
import { createHash } from 'node:crypto';
import type { Component } from './components.ts';
import type { Identity } from './identity.ts';

export function cycloneDx(components: readonly Component[], identity: Identity, image: { name: string; sha256: string }, cpeOf: (c: Component) => string | undefined): Record<string, unknown> {
  const serial = createHash('sha256').update(image.sha256).update(JSON.stringify(components.map((c) => [c.name, c.version]))).digest('hex');
  return {
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    serialNumber: `urn:uuid:${serial.slice(0, 8)}-${serial.slice(8, 12)}-5${serial.slice(13, 16)}-a${serial.slice(17, 20)}-${serial.slice(20, 32)}`,
    version: 1,
    metadata: {
      tools: [{ vendor: 'Citadel', name: 'engine-firmware' }],
      component: {
        type: 'firmware',
        name: identity.model ?? image.name,
        ...(identity.firmwareVersion ? { version: identity.firmwareVersion } : {}),
        ...(identity.vendor ? { supplier: { name: identity.vendor } } : {}),
        hashes: [{ alg: 'SHA-256', content: image.sha256 }],
      },
    },
    components: components.map((c) => {
      const cpe = cpeOf(c);
      return {
        type: c.type,
        'bom-ref': `${c.name}@${c.version}`,
        name: c.name,
        version: c.version,
        ...(cpe ? { cpe } : {}),
        evidence: { occurrences: c.locations.map((location) => ({ location })) },
      };
    }),
  };
}
