/** Hardening screens (issues 27/28): task list with create dialog, detail view, strategies and "add strategy", for any registered type. */
export { ShieldListPage } from './ShieldListPage.tsx';
export { ShieldDetailPage } from './ShieldDetailPage.tsx';
export { StrategyListPage } from './StrategyListPage.tsx';
export { StrategyEditPage } from './StrategyEditPage.tsx';
