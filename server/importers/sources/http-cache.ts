// Files fetched from the services, kept in DATA_DIR/source-cache keyed by URL and the negotiated
// format, with the validators (ETag, Last-Modified) that let a re-run ask "changed?" and get a 304.
import { createHash } from 'node:crypto';
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

  async write(url: string, variant: string, meta: CachedAnswer, body: Uint8Array): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    const base = path.join(this.dir, this.keyOf(url, variant));
    // Body first, then the metadata through a rename: a reader never sees metadata without its body.
    await fs.writeFile(`${base}.body`, body);
    await fs.writeFile(`${base}.json.tmp`, JSON.stringify(meta));
    await fs.rename(`${base}.json.tmp`, `${base}.json`);
  }
}
