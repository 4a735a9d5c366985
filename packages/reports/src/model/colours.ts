/** One palette for every format: risk levels and score bands. */
export const RISK_COLOURS: Record<string, string> = { serious: '#7b1fa2', high: '#d32f2f', medium: '#f57c00', low: '#fbc02d', info: '#1976d2' };
export const BAND_COLOURS: Record<string, string> = { high: '#2e7d32', medium: '#f57c00', low: '#d32f2f' };
