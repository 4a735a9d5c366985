/** Where a platform's evaluation pages live in the route table (list, hidden create and result pages). */
import { EVALUATIONS, walkRoutes, type Platform, type RouteNode } from '@citadel/contracts';

function nodeByPage(page: string): RouteNode | undefined {
  return walkRoutes().find((n) => n.page === page);
}

/** '/safeservice/applicationResult?task_uid=…' (the result page redirects to its first child view, keeping the query). */
export function resultPath(platform: Platform, taskUid: string): string | undefined {
  // Specialised assessments without a generic result page show their result on their own page (firmware: firmware-preview).
  const node = nodeByPage(`evaluation-result:${platform}`) ?? nodeByPage(`${platform}-preview`);
  return node ? `/${node.path}?${new URLSearchParams({ task_uid: taskUid }).toString()}` : undefined;
}

export function createPath(platform: string): string | undefined {
  const node = nodeByPage(`evaluation-create:${platform}`);
  return node ? `/${node.path}` : undefined;
}

export function listPath(platform: string): string | undefined {
  const node = nodeByPage(`evaluation-list:${platform}`);
  return node ? `/${node.path}` : undefined;
}

/** The platform part of a page id such as 'evaluation-list:android'. */
export function pagePlatform(page: string | undefined): Platform | undefined {
  const platform = page?.split(':')[1];
  return EVALUATIONS.some((e) => e.platform === platform) ? (platform as Platform) : undefined;
}

export function evaluationTitle(platform: Platform): { zh: string; en: string } | undefined {
  return EVALUATIONS.find((e) => e.platform === platform)?.title;
}
