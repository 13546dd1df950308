// Package resolution: a DOC manifest names its act and annexes (and annexes include further
// files), so the package can be read as one document and its members skipped on their own.
import fs from 'node:fs';
import path from 'node:path';
import type { Element } from '@xmldom/xmldom';
import { ImportError } from '../../model.js';
import { child, childElements, childPath, descendants, parseXml } from './dom.js';
import { listSiblings, readText, type SiblingInfo } from './files.js';
import { textOf } from './text.js';

export interface LoadedComponent {
  file: string;
  root: Element;
}

export interface FormexPackage {
  manifest: Element;
  act: LoadedComponent;
  annexes: LoadedComponent[];
  /** Every file the package consumes, including annex inclusions. */
  members: Set<string>;
}

interface ComponentRef {
  file: string;
  noSeq: string;
  /** DOC.SUB.PUB TYPE ('ANNEX', ...); undefined for the main publication. */
  type?: string;
}

/**
 * Loads the act and annexes a manifest names. With `strict` a missing file is an ImportError;
 * without, the package just does not resolve (used when only asking who claims a file).
 */
export function resolvePackage(manifest: Element, manifestFile: string, strict: boolean): FormexPackage | undefined {
  const dir = path.dirname(manifestFile);
  const siblings = listSiblings(dir, manifestFile);
  const { main, subs } = manifestRefs(manifest);
  const fail = (place: string, reason: string) => {
    if (strict) throw new ImportError(manifestFile, place, reason);
    return undefined;
  };
  if (!main) return fail('FMX/DOC.MAIN.PUB', 'manifest names no main publication file');
  const actFile = resolveRef(dir, main, siblings);
  if (!actFile) return fail('DOC.MAIN.PUB', `referenced file ${main.file} (NO.SEQ ${main.noSeq}) not found`);
  const act = { file: actFile, root: parseXml(readText(actFile), actFile) };
  const members = new Set([actFile]);
  const annexes: LoadedComponent[] = [];
  // Only annexes belong to the act; other sub-publications stay separate documents.
  for (const ref of subs.filter((s) => s.type === 'ANNEX')) {
    const annexFile = resolveRef(dir, ref, siblings);
    if (!annexFile) return fail('DOC.SUB.PUB', `referenced annex ${ref.file} (NO.SEQ ${ref.noSeq}) not found`);
    annexes.push({ file: annexFile, root: parseXml(readText(annexFile), annexFile) });
    members.add(annexFile);
  }
  for (const annex of annexes) {
    for (const included of resolveInclusions(annex, siblings)) members.add(included.file);
  }
  return { manifest, act, annexes, members };
}

function manifestRefs(manifest: Element): { main?: ComponentRef; subs: ComponentRef[] } {
  const fmx = child(manifest, 'FMX');
  const toRef = (pub: Element): ComponentRef | undefined => {
    const file = child(pub, 'REF.PHYS')?.getAttribute('FILE');
    if (!file) return undefined;
    return { file, noSeq: pub.getAttribute('NO.SEQ') ?? '', type: pub.getAttribute('TYPE') ?? undefined };
  };
  const mainPub = child(fmx, 'DOC.MAIN.PUB');
  const subs = fmx ? childElements(fmx).filter((el) => el.nodeName === 'DOC.SUB.PUB') : [];
  return {
    main: mainPub ? toRef(mainPub) : undefined,
    subs: subs.map(toRef).filter((ref): ref is ComponentRef => ref !== undefined),
  };
}

/**
 * CELLAR renames package files (DOC_1.xml ... DOC_4.xml) while the manifest keeps the OJ names
 * (L_2011334EN.01002501.xml), so a reference falls back to the sibling with the same NO.SEQ.
 */
function resolveRef(dir: string, ref: { file: string; noSeq: string }, siblings: SiblingInfo[]): string | undefined {
  const byName = path.join(dir, ref.file);
  if (fs.existsSync(byName)) return byName;
  return siblings.find((s) => s.noSeq !== undefined && s.noSeq === ref.noSeq)?.file;
}

/** Files an annex pulls in with <INCL.ELEMENT FILEREF>, in document order. */
export function resolveInclusions(component: LoadedComponent, siblings: SiblingInfo[]): LoadedComponent[] {
  const dir = path.dirname(component.file);
  const ownSeq = textOf(childPath(component.root, 'BIB.INSTANCE', 'NO.SEQ')) ?? '';
  const nested = siblings.filter((s) => ownSeq && s.noSeq?.startsWith(`${ownSeq}.`));
  const refs = descendants(component.root, 'INCL.ELEMENT').filter((el) => el.parentNode?.nodeName !== 'INCLUSIONS');
  return refs.flatMap((el, i) => {
    const fileRef = el.getAttribute('FILEREF') ?? '';
    const byName = path.join(dir, fileRef);
    const file = fileRef && fs.existsSync(byName) ? byName : nested[i]?.file;
    return file ? [{ file, root: parseXml(readText(file), file) }] : [];
  });
}

/** Whether a manifest in the same folder takes this file in: then it is imported with that package. */
export function isClaimedByManifest(file: string): boolean {
  const dir = path.dirname(file);
  for (const sibling of listSiblings(dir, file)) {
    if (sibling.root !== 'DOC') continue;
    try {
      const manifest = parseXml(readText(sibling.file), sibling.file);
      if (resolvePackage(manifest, sibling.file, false)?.members.has(file)) return true;
    } catch {
      // A broken sibling manifest is reported when that manifest itself is imported.
    }
  }
  return false;
}
