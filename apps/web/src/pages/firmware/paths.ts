/** Where the firmware screens live (contracts ROUTES: special/firmware …, by page id). */
import { walkRoutes } from '@citadel/contracts';

const path = (page: string, fallback: string): string => {
  const node = walkRoutes().find((n) => n.page === page);
  return node ? `/${node.path}` : fallback;
};

export const FIRMWARE_PATHS = {
  list: path('firmware-list', '/special/firmware'),
  create: path('firmware-create', '/special/firmware/create'),
  compare: path('firmware-compare', '/special/firmware/compare'),
  preview: path('firmware-preview', '/special/firmware/preview'),
};
