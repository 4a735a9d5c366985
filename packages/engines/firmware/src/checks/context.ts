/** What the firmware checks share: the unpacked image, its facts and the builder behind the keyed context. */
import { type AssessmentBuilder, type Catalogue, KeyedCheckContext } from '@citadel/engine-core';
import type { ImageFacts } from '../analysis/analyse.ts';
import type { UnpackedImage } from '../unpack/scan.ts';

export class FirmwareCheckContext extends KeyedCheckContext {
  constructor(
    builder: AssessmentBuilder,
    catalogue: Catalogue,
    readonly image: UnpackedImage,
    readonly facts: ImageFacts,
  ) {
    super(builder, catalogue, 'firmware');
  }
}
