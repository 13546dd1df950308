// Two source files in one import that give the same version of a work (same document, same date)
// with different content: storing both would let the later one silently replace the earlier, and
// every re-import would replace back and forth. Neither can be right by default, so neither is
// stored and the import names every file involved (issue 15).
import { contentHashOf } from './identity.js';
import type { ParsedDocument } from './model.js';
import { versionIdentityOf } from './store-version.js';

export interface VersionConflict {
  externalId: string;
  validFrom: string | null;
  /** Every source file that gave this version, in import order. */
  files: string[];
}

interface Parsed {
  file: string;
  doc: ParsedDocument;
}

/** The versions given by more than one different content, with the parsed entries to hold back. */
export function findVersionConflicts(parsed: Parsed[]): { conflicts: VersionConflict[]; held: Set<Parsed> } {
  const byVersion = new Map<string, { validFrom: string | null; entries: Parsed[]; hashes: Set<string> }>();
  for (const entry of parsed) {
    let identity;
    try {
      identity = versionIdentityOf(entry.doc, entry.file);
    } catch {
      continue; // A bad date: storing reports it for this file alone.
    }
    const group = byVersion.get(identity.branchId) ?? { validFrom: identity.validFrom, entries: [], hashes: new Set() };
    group.entries.push(entry);
    // The same content twice (a copy of a file) is no conflict: the second one is `unchanged`.
    group.hashes.add(contentHashOf(entry.doc));
    byVersion.set(identity.branchId, group);
  }
  const conflicts: VersionConflict[] = [];
  const held = new Set<Parsed>();
  for (const { validFrom, entries, hashes } of byVersion.values()) {
    if (hashes.size < 2) continue;
    conflicts.push({
      externalId: entries[0]!.doc.externalId,
      validFrom,
      files: [...new Set(entries.map((entry) => entry.file))],
    });
    for (const entry of entries) held.add(entry);
  }
  return { conflicts, held };
}

/** The reason shown beside one of the conflicting files. */
export function conflictMessage(conflict: VersionConflict, file: string): string {
  const others = conflict.files.filter((other) => other !== file);
  const version = `${conflict.externalId} (${conflict.validFrom ?? 'undated'})`;
  if (others.length === 0) return `conflict: the file gives ${version} twice with different content; not imported`;
  return (
    `conflict: ${version} also comes from ${others.join(', ')} with different content; ` +
    `none of them was imported (fix the source's dates, or import one of them)`
  );
}
