/** Access in the browser: button permissions, the customized-product rule and the current access subject (rules live in @citadel/contracts). */
export { Permission, hasButton } from './Permission.tsx';
export { CustomerOnly } from './CustomerOnly.tsx';
export { useAccessSubject } from './useAccess.ts';
