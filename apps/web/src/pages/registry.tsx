/**
 * Which component renders a route's `page` id (contracts ROUTES). Later issues
 * register their screens here by page id or by prefix (the part before ':',
 * e.g. 'evaluation-list' for 'evaluation-list:android'); every other page shows
 * the "not yet available" state.
 */
import type { ComponentType } from 'react';
import type { RouteNode } from '@citadel/contracts';
import { HomePage } from './home/HomePage.tsx';
import { PlaceholderPage } from './placeholder/PlaceholderPage.tsx';
import { SamplesPage } from './samples/SamplesPage.tsx';
import { ResultShell, ViewPlaceholder } from './placeholder/ResultShell.tsx';

export type PageComponent = ComponentType<{ node: RouteNode }>;

const PAGES: Record<string, PageComponent> = {
  home: HomePage,
  'tools-samples': SamplesPage,
  'workbench-samples': SamplesPage,
  // Result pages render their child views through <Outlet/>; a real result page must do the same.
  'evaluation-result': ResultShell,
  'evaluation-view': ViewPlaceholder,
};

export function resolvePage(page: string | undefined): PageComponent {
  if (!page) return PlaceholderPage;
  return PAGES[page] ?? PAGES[page.split(':')[0] ?? ''] ?? PlaceholderPage;
}
