/** Where a platform's template list and detail pages live (from the shared route table). */
import { walkRoutes } from '@citadel/contracts';

const byPage = (page: string) => walkRoutes().find((n) => n.page === page);
export const templateListPath = (platform: string): string => `/${byPage(`template-list:${platform}`)?.path ?? ''}`;
export const templateDetailPath = (platform: string): string => `/${byPage(`template-detail:${platform}`)?.path ?? ''}`;
export const templatePlatform = (page: string | undefined): string => page?.split(':')[1] ?? '';
