// Files fetched from the services, kept in DATA_DIR/source-cache keyed by URL and the negotiated
// format, with the validators (ETag, Last-Modified) that let a re-run ask "changed?" and get a 304.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export interface CachedAnswer {
  url: string;
  status: number;
  contentType: string;
  etag?: string;
  lastModified?: string;
  /** The address the body came from after redirects. */
  finalUrl: string;
}

export class HttpCache {
  constructor(private readonly dir: string) {}

  private keyOf(url: string, variant: string): string {
    return createHash('sha256').update(`${url}\n${variant}`).digest('hex');
  }

  async read(url: string, variant: string): Promise<{ meta: CachedAnswer; body: Uint8Array } | undefined> {
    const base = path.join(this.dir, this.keyOf(url, variant));
    try {
      const meta = JSON.parse(await fs.readFile(`${base}.json`, 'utf8')) as CachedAnswer;
      return { meta, body: new Uint8Array(await fs.readFile(`${base}.body`)) };
    } catch {
      return undefined; // Not cached, or half written by a crash: fetch again.
    }
  }

  /**
   * Keeps an answer. Body first, then the metadata, each written to a file of its own and renamed
   * into place: a reader never sees metadata without its body, and two imports fetching the same
   * file at once (two jobs, two instances on one DATA_DIR) never rename each other's half-written
   * file. The cache only saves downloads: failing to write it never fails the fetch.
   */
  async write(url: string, variant: string, meta: CachedAnswer, body: Uint8Array): Promise<void> {
    const base = path.join(this.dir, this.keyOf(url, variant));
    const unique = `${process.pid}-${randomUUID()}.tmp`;
    try {
      await fs.mkdir(this.dir, { recursive: true });
      await fs.writeFile(`${base}.body.${unique}`, body);
      await fs.rename(`${base}.body.${unique}`, `${base}.body`);
      await fs.writeFile(`${base}.json.${unique}`, JSON.stringify(meta));
      await fs.rename(`${base}.json.${unique}`, `${base}.json`);
    } catch {
      const leftovers = [`${base}.body.${unique}`, `${base}.json.${unique}`];
      await Promise.all(leftovers.map((file) => fs.rm(file, { force: true }).catch(() => {})));
    }
  }
}
