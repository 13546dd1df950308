// Latency statistics over every sample (exact nearest-rank percentiles, no histogram buckets).

export interface LatencyStats {
  samples: number;
  durationS: number;
  /** Completed operations per second over the measured window. */
  perSecond: number;
  meanMs: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export function summarize(samplesMs: number[], durationMs: number): LatencyStats {
  const sorted = Float64Array.from(samplesMs).sort();
  const values = Array.from(sorted);
  const total = values.reduce((sum, value) => sum + value, 0);
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    samples: values.length,
    durationS: round(durationMs / 1000),
    perSecond: round(values.length / (durationMs / 1000)),
    meanMs: round(values.length ? total / values.length : Number.NaN),
    p50Ms: round(percentile(values, 50)),
    p95Ms: round(percentile(values, 95)),
    p99Ms: round(percentile(values, 99)),
    maxMs: round(values.at(-1) ?? Number.NaN),
  };
}
