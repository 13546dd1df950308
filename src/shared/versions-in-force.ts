// Which version of a document is in force on a day: the one with the latest `valid_from` on or
// before it. A version's end is never guessed from the next one the library holds, so a status is
// only "in force", "historical" (an earlier one, superseded by the one in force) or "not yet in force".

/** The part of a version (branch) the rule needs. */
export interface DatedVersion {
  id: string;
  valid_from: string | null;
}

export type VersionStatus = 'in_force' | 'historical' | 'not_yet_in_force' | 'undated';

/** Today as YYYY-MM-DD (UTC). */
export const todayIso = (now: Date = new Date()) => now.toISOString().slice(0, 10);

/** The version in force on `date` (YYYY-MM-DD): latest valid_from <= date; undefined when none started. */
export function versionInForceOn<T extends DatedVersion>(versions: readonly T[], date: string): T | undefined {
  let best: T | undefined;
  for (const version of versions) {
    const from = version.valid_from?.slice(0, 10);
    if (!from || from > date) continue;
    if (!best || from > best.valid_from!.slice(0, 10)) best = version;
  }
  return best;
}

export function versionStatus(versions: readonly DatedVersion[], version: DatedVersion, today: string): VersionStatus {
  const from = version.valid_from?.slice(0, 10);
  if (!from) return 'undated';
  if (from > today) return 'not_yet_in_force';
  return versionInForceOn(versions, today)?.id === version.id ? 'in_force' : 'historical';
}
