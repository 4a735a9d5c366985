/** SARIF 2.1.0 output of an Assessment (`toSarif`) and a structural validator of SARIF logs (`sarifProblems`). */
export * from './types.ts';
export * from './to-sarif.ts';
export * from './validate.ts';
