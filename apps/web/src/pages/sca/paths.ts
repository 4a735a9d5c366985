/** Where the software-component screens live (contracts ROUTES: special/component …, by page id). */
import { walkRoutes } from '@citadel/contracts';

const path = (page: string, fallback: string): string => {
  const node = walkRoutes().find((n) => n.page === page);
  return node ? `/${node.path}` : fallback;
};

export const SCA_PATHS = {
  list: path('component', '/special/component'),
  compare: path('sca-compare', '/special/component/compare'),
};
