/** A page a later issue fills: its title and the "not yet available" state, never fake data. */
import type { RouteNode } from '@citadel/contracts';
import { NotYetAvailable, PageCard } from '../../components/index.ts';
import { useTitle } from '../../locales/i18n.ts';

export function PlaceholderPage({ node }: { node: RouteNode }) {
  const title = useTitle();
  return (
    <PageCard title={title(node.title)} testId={`page-${node.key}`}>
      <NotYetAvailable />
    </PageCard>
  );
}
