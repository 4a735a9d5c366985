/** Test utilities for reports: assessments and rules built in code, and text extraction from the three formats. */
export * from './assessments.ts';
export * from './extract.ts';
export * from './png.ts';
