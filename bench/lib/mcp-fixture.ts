// Fixtures of the issue-12 benches (API keys, MCP, memory search): users and keys inserted
// directly (bench users never log in), the Constitution from the corpus for the library tools,
// and memory graphs whose observations are real Czech and English legal sentences from the
// corpus's translation memories (read in place, never copied).
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ApiKeyScope } from '../../src/api/contract/api-keys.js';
import { insertKey } from '../../server/api-keys/keys.js';
import type { Db } from '../../server/db/client.js';
import { parseFile } from '../../server/importers/import-files.js';
import { storeVersion } from '../../server/importers/store-version.js';
import { createEntities, createRelations, type Entity, type MemoryOwner } from '../../server/memory/store.js';
import { assertCorpus } from './corpus.js';
import { seededRandom } from './random.js';

/** The read tools (memory and library) all need memory.read. */
export const READ_SCOPES: ApiKeyScope[] = ['memory.read'];

export async function insertUser(db: Db, n: number): Promise<MemoryOwner> {
  const id = randomUUID();
  await db.execute(
    sql`INSERT INTO users (id, email, phone, username, password_hash, first_name, last_name, email_verified_at)
        VALUES (${id}, ${`mcp-bench${n}@example.cz`}, ${`602${String(100000 + n)}`}, ${`mcpbench${n}`},
          'not-a-hash', 'Bench', ${`Owner ${n}`}, now())`,
  );
  return { type: 'user', id };
}

/**
 * `count` keys of one user. Straight through insertKey, past the 20-key quota: a key may make 600
 * calls a minute, so a load of thousands of calls rotates over many keys (each call still runs
 * the full verification and rate-limit upsert a real call does).
 */
export async function insertKeys(db: Db, owner: MemoryOwner, count: number, scopes: ApiKeyScope[]) {
  const secrets: string[] = [];
  for (let i = 0; i < count; i++) {
    const key = await db.transaction((tx) =>
      insertKey(tx, { owner, createdBy: owner.id, scopes, description: `bench ${i}`, expiresAt: null, managed: false }),
    );
    secrets.push(key.secret);
  }
  return secrets;
}

/** The Constitution (1/1993 Sb.) from the corpus's consolidated Markdown, for read_provision. */
export async function storeConstitution(db: Db) {
  const file = path.join(assertCorpus(), 'cz-consolidated-md/1-1993.md');
  const docs = await parseFile(file);
  if (!docs?.length) throw new Error(`could not parse ${file}`);
  for (const doc of docs) await storeVersion(db, doc, file);
}

/** Czech and English sentences of the DGT translation memories (UTF-16 TMX), de-duplicated. */
export function legalSentences(max: number): string[] {
  const dir = path.join(assertCorpus(), 'eu-dgt-tm-tmx');
  const found = new Set<string>();
  const seg = /<tuv lang="(CS-\w+|EN-GB)">\s*<seg>([\s\S]*?)<\/seg>/g;
  for (const name of fs.readdirSync(dir).sort()) {
    if (!name.endsWith('.tmx')) continue;
    const text = fs.readFileSync(path.join(dir, name), 'utf16le');
    for (const match of text.matchAll(seg)) {
      const sentence = match[2]!.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').trim();
      if (sentence.length >= 30 && sentence.length <= 600) found.add(sentence);
      if (found.size >= max) return [...found];
    }
  }
  return [...found];
}

const ENTITY_TYPES = ['spis', 'smlouva', 'klient', 'ustanovení', 'rozhodnutí'];
const NOTE_PREFIXES = ['', '', 'Poznámka: ', 'Klient uvádí: ', 'Note: ', 'K posouzení: '];

const SURNAMES = (
  'Novák Svoboda Novotný Dvořák Černý Procházka Kučera Veselý Horák Němec Marek Pospíšil Pokorný Hájek ' +
  'Král Jelínek Růžička Beneš Fiala Sedláček Doležal Zeman Kolář Navrátil Čermák Vaněk Urban Blažek Kříž Kovář ' +
  'Kratochvíl Bartoš Vlček Polák Musil Kopecký Šimek Konečný Malý Holub Čech Štěpánek Staněk Kadlec Dostál ' +
  'Soukup Šťastný Mareš Moravec Sýkora'
).split(' ');
const FIRST_NAMES = (
  'Jan Petr Josef Pavel Martin Tomáš Jaroslav Miroslav Zdeněk Václav Michal František Jiří Lukáš ' +
  'Karel Milan Vojtěch Ondřej David Jakub'
).split(' ');

export const entityNameOf = (owner: number, i: number) => `Spis ${owner}-${String(i).padStart(5, '0')}`;
/** The client note of entity i: each surname on every 50th entity, each full name on every 1,000th. */
export const clientOf = (i: number) =>
  `${SURNAMES[i % SURNAMES.length]!} ${FIRST_NAMES[Math.floor(i / SURNAMES.length) % FIRST_NAMES.length]!}`;

/**
 * `entities` entities of `perEntity` observations each (the client's note, then legal sentences,
 * some with a note prefix), through the store's own createEntities, plus a relation from each entity to the next.
 */
export async function seedMemory(
  db: Db,
  owner: MemoryOwner,
  ownerNumber: number,
  entities: number,
  perEntity: number,
  sentences: string[],
) {
  const random = seededRandom(1000 + ownerNumber);
  const batch = Math.max(1, Math.floor(4000 / perEntity));
  for (let start = 0; start < entities; start += batch) {
    const items: Entity[] = [];
    for (let i = start; i < Math.min(entities, start + batch); i++) {
      const observations = new Set<string>([
        `Klient: ${clientOf(i)}, nar. ${1950 + (i % 50)}, sp. zn. ${ownerNumber}-${i}/2026`,
      ]);
      while (observations.size < perEntity) {
        const prefix = NOTE_PREFIXES[Math.floor(random() * NOTE_PREFIXES.length)]!;
        observations.add(prefix + sentences[Math.floor(random() * sentences.length)]!);
      }
      items.push({
        name: entityNameOf(ownerNumber, i),
        entityType: ENTITY_TYPES[i % ENTITY_TYPES.length]!,
        observations: [...observations],
      });
    }
    await createEntities(db, owner, items);
    const relations = items.slice(0, -1).map((item, j) => ({
      from: item.name,
      to: items[j + 1]!.name,
      relationType: 'souvisí s',
    }));
    await createRelations(db, owner, relations);
  }
}
