/** @citadel/contracts: types, statuses, the error catalogue and the route table shared by web and server. */
export * from './assessment.ts';
