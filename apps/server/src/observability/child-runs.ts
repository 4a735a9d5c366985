/**
 * One run of an engine child or a report-rendering child, as the metrics see it.
 * Engine runs happen wherever a worker runs (the portal's embedded worker or a
 * separate worker process), so runs travel with the task events and cross
 * processes over the same Redis bridge; every portal's /metrics counts them.
 */
export interface ChildRun {
  kind: 'engine' | 'report';
  /** The engine's platform, or the report's format. */
  label: string;
  outcome: 'ok' | 'failed' | 'aborted';
  seconds: number;
  /** Peak resident memory of the child during the run, when /proc could tell. */
  peakRssBytes?: number;
}
