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

/**
 * What the conflict check needs of one parsed document, small enough to keep for a whole import
 * while the documents themselves are parsed, stored and dropped one file at a time.
 */
export interface VersionKey {
  file: string;
  externalId: string;
  /** The version's branch id; none when its date is bad (storing then reports it for this file alone). */
  branchId?: string;
  validFrom: string | null;
  contentHash: string;
}

export function versionKeyOf(doc: ParsedDocument, file: string): VersionKey {
  const contentHash = contentHashOf(doc);
  try {
    const { branchId, validFrom } = versionIdentityOf(doc, file);
    return { file, externalId: doc.externalId, branchId, validFrom, contentHash };
  } catch {
    return { file, externalId: doc.externalId, validFrom: null, contentHash };
  }
}

/** The versions given by more than one different content, with the keys to hold back. */
export function findVersionConflicts(keys: VersionKey[]): { conflicts: VersionConflict[]; held: Set<VersionKey> } {
  const byVersion = new Map<string, { validFrom: string | null; entries: VersionKey[]; hashes: Set<string> }>();
  for (const key of keys) {
    if (key.branchId === undefined) continue;
    const group = byVersion.get(key.branchId) ?? { validFrom: key.validFrom, entries: [], hashes: new Set() };
    group.entries.push(key);
    // The same content twice (a copy of a file) is no conflict: the second one is `unchanged`.
    group.hashes.add(key.contentHash);
    byVersion.set(key.branchId, group);
  }
  const conflicts: VersionConflict[] = [];
  const held = new Set<VersionKey>();
  for (const { validFrom, entries, hashes } of byVersion.values()) {
    if (hashes.size < 2) continue;
    conflicts.push({
      externalId: entries[0]!.externalId,
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
