// unzipPackage against zips whose central directory lies: built byte by byte here, as an attacker
// would, since fflate's zipSync only writes honest ones.
import { deflateSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { unzipPackage } from '../../server/importers/sources/zip-package.js';

interface Member {
  name: string;
  /** Where its local header is (an index into `locals`): several members may share one. */
  local: number;
  /** What the central directory says; the data itself is the local entry's. */
  packedSize?: number;
  unpackedSize?: number;
}

interface Local {
  data: Uint8Array;
  /** 0 stored, 8 deflated. */
  method: 0 | 8;
  unpackedSize: number;
}

const u16 = (view: DataView, at: number, value: number) => view.setUint16(at, value, true);
const u32 = (view: DataView, at: number, value: number) => view.setUint32(at, value, true);

/** A zip with the given local entries and central-directory entries (CRCs left 0: fflate does not check them). */
function craftZip(locals: Local[], members: Member[]): Uint8Array {
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  const offsets: number[] = [];
  let at = 0;
  for (const [index, local] of locals.entries()) {
    const name = encoder.encode(`local_${index}`);
    const header = new Uint8Array(30 + name.length);
    const view = new DataView(header.buffer);
    u32(view, 0, 0x04034b50);
    u16(view, 4, 20);
    u16(view, 8, local.method);
    u32(view, 18, local.data.length);
    u32(view, 22, local.unpackedSize);
    u16(view, 26, name.length);
    header.set(name, 30);
    offsets.push(at);
    parts.push(header, local.data);
    at += header.length + local.data.length;
  }
  const directoryAt = at;
  for (const member of members) {
    const local = locals[member.local]!;
    const name = encoder.encode(member.name);
    const entry = new Uint8Array(46 + name.length);
    const view = new DataView(entry.buffer);
    u32(view, 0, 0x02014b50);
    u16(view, 4, 20);
    u16(view, 6, 20);
    u16(view, 10, local.method);
    u32(view, 20, member.packedSize ?? local.data.length);
    u32(view, 24, member.unpackedSize ?? local.unpackedSize);
    u16(view, 28, name.length);
    u32(view, 42, offsets[member.local]!);
    entry.set(name, 46);
    parts.push(entry);
    at += entry.length;
  }
  const end = new Uint8Array(22);
  const view = new DataView(end.buffer);
  u32(view, 0, 0x06054b50);
  u16(view, 8, members.length);
  u16(view, 10, members.length);
  u32(view, 12, at - directoryAt);
  u32(view, 16, directoryAt);
  parts.push(end);
  const zip = new Uint8Array(at + end.length);
  let offset = 0;
  for (const part of parts) {
    zip.set(part, offset);
    offset += part.length;
  }
  return zip;
}

const KB100 = new Uint8Array(100_000).fill(0x41);
const many = (count: number, member: Omit<Member, 'name'>) =>
  Array.from({ length: count }, (_, n) => ({ ...member, name: `DOC_${n}.xml` }));

describe('unzipPackage against a lying central directory', () => {
  it('unpacks an honest package, stored and deflated members alike, within its limits', () => {
    const text = new TextEncoder().encode('<ACT>'.repeat(1000));
    const honest = zipSync({ 'DOC_2.xml': [text, { level: 0 }], 'DOC_1.xml': [text, { level: 9 }], 'img/': {} });
    // A deflate "stored" block packs to a few bytes over its text: the limit leaves room for them.
    const files = unzipPackage(honest, { files: 3, bytes: 2 * text.length + 64 });
    expect(files.map((file) => file.name)).toEqual(['DOC_1.xml', 'DOC_2.xml']);
    for (const file of files) expect(file.content).toEqual(text);
    // The crafted form of an honest zip is read the same way.
    const crafted = craftZip([{ data: KB100, method: 0, unpackedSize: KB100.length }], many(1, { local: 0 }));
    expect(unzipPackage(crafted, { files: 1, bytes: KB100.length })[0]!.content).toEqual(KB100);
  });

  it('refuses stored members that declare 0 bytes unpacked and hold 100 kB each (the size cap bypass)', () => {
    // The attack review's bomb: 400 directory entries, one 100 kB stored member behind them all.
    const bomb = craftZip([{ data: KB100, method: 0, unpackedSize: 0 }], many(400, { local: 0, unpackedSize: 0 }));
    expect(bomb.length).toBeLessThan(130_000);
    expect(() => unzipPackage(bomb, { files: 500, bytes: 1024 })).toThrow(/declares 0 bytes but holds 100000/);
    // One such member alone, under a limit far above the archive, is refused for the same lie.
    const one = craftZip([{ data: KB100, method: 0, unpackedSize: 0 }], many(1, { local: 0, unpackedSize: 0 }));
    expect(() => unzipPackage(one, { files: 500, bytes: 1 << 30 })).toThrow(/declares 0 bytes/);
  });

  it('counts the larger of the two sizes against the limit', () => {
    // Honest about its size and over a 1 kB limit: refused before it is copied out.
    const stored = craftZip([{ data: KB100, method: 0, unpackedSize: KB100.length }], many(1, { local: 0 }));
    expect(() => unzipPackage(stored, { files: 500, bytes: 1024 })).toThrow(/more than 0\.0009765625 MB unpacked/);
    // A deflated member claiming a small unpacked size (fflate would fail past its buffer) is counted
    // at its packed size: a limit below the packed size refuses it before it is inflated.
    const packed = deflateSync(crypto.getRandomValues(new Uint8Array(4096)));
    const deflated = craftZip([{ data: packed, method: 8, unpackedSize: 10 }], many(1, { local: 0 }));
    expect(() => unzipPackage(deflated, { files: 500, bytes: 1024 })).toThrow(/MB unpacked/);
  });

  it('refuses directory entries that share their data (packed sizes adding up past the archive)', () => {
    // Every entry honest about its sizes, all pointing at one 100 kB member: 400 copies, 40 MB.
    const overlapping = craftZip([{ data: KB100, method: 0, unpackedSize: KB100.length }], many(400, { local: 0 }));
    expect(() => unzipPackage(overlapping, { files: 500, bytes: 1 << 30 })).toThrow(/members overlap/);
    // Deflated alike: each entry would inflate the same 100 kB of zeros into a buffer of its own.
    const zeros = deflateSync(new Uint8Array(100_000));
    const inflating = craftZip([{ data: zeros, method: 8, unpackedSize: 100_000 }], many(400, { local: 0 }));
    expect(() => unzipPackage(inflating, { files: 500, bytes: 1 << 30 })).toThrow(/members overlap/);
    // Two entries on one member that together stay within the archive's length are harmless.
    const two = craftZip(
      [
        { data: KB100, method: 0, unpackedSize: KB100.length },
        { data: new Uint8Array(10), method: 0, unpackedSize: 10 },
      ],
      [
        { name: 'DOC_1.xml', local: 1 },
        { name: 'DOC_2.xml', local: 1 },
      ],
    );
    expect(unzipPackage(two, { files: 500, bytes: 1 << 30 })).toHaveLength(2);
  });
});
