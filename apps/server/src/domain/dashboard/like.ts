/** A LIKE pattern matching text that contains `keyword` literally (%, _ and \ escaped). */
export const containsPattern = (keyword: string): string => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
