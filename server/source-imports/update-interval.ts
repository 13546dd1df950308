// LEXHUB_UPDATE_INTERVAL (issue 16): how often imported acts are checked for new versions.
// Seconds ('3600') or a number with a unit ('45s', '30m', '6h', '1d'); '0' or 'off' turns it off.

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

export const UPDATE_INTERVAL_EXPECTED = 'seconds or a duration such as 6h, 1d, 30m, 45s; 0 or off to turn it off';

/** Milliseconds; null: off; undefined: not an interval. */
export function parseUpdateInterval(text: string): number | null | undefined {
  const value = text.trim().toLowerCase();
  if (value === 'off' || value === '0') return null;
  const match = /^(\d{1,9})([smhd])?$/.exec(value);
  if (!match) return undefined;
  const ms = Number(match[1]) * UNIT_MS[(match[2] ?? 's') as keyof typeof UNIT_MS];
  // A timer cannot wait longer than about 24.8 days; 0s and the like are 'off' spelt wrong.
  return ms > 0 && ms <= 2_147_483_647 ? ms : undefined;
}
