/** The documented security score (0–100), its band and the counts per risk level; see score.ts and SCORING.md. */
export * from './score.ts';
