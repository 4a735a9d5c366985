/** Customized-product rule (SPEC §6): children are hidden unless the site customer equals `customer`. */
import type { ReactNode } from 'react';
import { useSite } from '../app/session-store.ts';

export function CustomerOnly({ customer, children }: { customer: string; children: ReactNode }) {
  const site = useSite();
  return <>{site.customer === customer ? children : null}</>;
}
