/** The built-in SDK library: every category file, in one list. */
import type { SdkDefinition } from '../types.ts';
import { ADVERTISING_SDKS } from './advertising.ts';
import { IOS_ONLY_SDKS } from './ios-only.ts';
import { MAP_SDKS } from './maps.ts';
import { OHPM_SDKS } from './ohpm.ts';
import { OTHER_SDKS } from './other.ts';
import { PAYMENT_SDKS } from './payment.ts';
import { PUSH_SDKS } from './push.ts';
import { SOCIAL_SDKS } from './social.ts';
import { STATISTICS_SDKS } from './statistics.ts';

export const SDK_LIBRARY: readonly SdkDefinition[] = [
  ...ADVERTISING_SDKS,
  ...STATISTICS_SDKS,
  ...PUSH_SDKS,
  ...SOCIAL_SDKS,
  ...PAYMENT_SDKS,
  ...MAP_SDKS,
  ...OTHER_SDKS,
  ...IOS_ONLY_SDKS,
  ...OHPM_SDKS,
];
