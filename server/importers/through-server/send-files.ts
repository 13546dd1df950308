// `npm run import` while a server holds the embedded database: the files go to that server's
// POST /v1/admin/imports with the local token, each named by its path from the argument's parent
// folder ("cz-consolidated-md/1-1993.md"): the folders matter to the formats, the rest of the
// local path does not. Hidden entries and links to folders are passed over here, as a local
// import would; each argument is named as an `input`, so a file named on the command line that
// is not recognized is an error, as locally.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ErrorBody } from '../../../src/api/contract/errors.js';
import { IMPORT_TOKEN_HEADER, ImportResult } from '../../../src/api/contract/admin-imports.js';
import type { LocalServer } from '../../admin/local-server-file.js';
import { problemOf, type ImportProblem } from '../import-problem.js';
import { walkFolder } from '../walk-folder.js';

export interface Outgoing {
  /** Upload name → local path, to print the server's lines with the local paths. */
  files: Map<string, string>;
  inputs: string[];
  /** Entries not sent (hidden, links to folders, missing arguments), as a local import reports them. */
  passedOver: ImportProblem[];
  missing: ImportProblem[];
}

export class ServerImportError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ServerImportError';
  }
}

export async function collectFiles(args: string[]): Promise<Outgoing> {
  const outgoing: Outgoing = { files: new Map(), inputs: [], passedOver: [], missing: [] };
  for (const arg of args) {
    const absolute = path.resolve(arg);
    const stat = await fsp.stat(absolute).catch(() => undefined);
    if (!stat) {
      outgoing.missing.push(problemOf(absolute, 'not_found'));
      continue;
    }
    const name = stat.isDirectory()
      ? path.basename(absolute)
      : `${path.basename(path.dirname(absolute)) || 'files'}/${path.basename(absolute)}`;
    if (outgoing.inputs.includes(name))
      throw new ServerImportError(`Two arguments are both named ${name}: import them one after the other`);
    outgoing.inputs.push(name);
    if (stat.isDirectory()) {
      // Sent under the folder's own name, as the server's summary will name them.
      const found = await walkFolder(absolute);
      for (const file of found.files) outgoing.files.set(`${name}/${uploadPath(absolute, file)}`, file);
      outgoing.passedOver.push(...found.passedOver);
    } else outgoing.files.set(name, absolute);
  }
  return outgoing;
}

const uploadPath = (folder: string, file: string) => path.relative(folder, file).split(path.sep).join('/');

/** Sends the files and answers the server's result; a refusal becomes a ServerImportError with its detail. */
export async function sendFiles(server: Pick<LocalServer, 'url' | 'token'>, outgoing: Outgoing): Promise<ImportResult> {
  const form = new FormData();
  for (const input of outgoing.inputs) form.append('input', input);
  // Blobs backed by the files: read while the request streams, not all held in memory.
  for (const [name, file] of outgoing.files) form.append('file', await fs.openAsBlob(file), name);
  // Encoded by a Request, sent by node:http: fetch would give up after 5 minutes without an
  // answer, and a large import may take longer before the server answers.
  const encoded = new Request(server.url, { method: 'POST', body: form });
  const url = new URL('/v1/admin/imports', server.url);
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': encoded.headers.get('content-type')!,
          accept: 'application/json',
          [IMPORT_TOKEN_HEADER]: server.token,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    // A server that refuses early (409, 403) answers before it has read the body: the write may
    // then fail (EPIPE) just before the answer arrives. The answer wins when it comes soon.
    request.on('error', (error) => setTimeout(() => reject(error), 1000).unref());
    Readable.fromWeb(encoded.body! as import('node:stream/web').ReadableStream).pipe(request);
  });
  // A proxy in front of the server may answer in HTML (a 413, a 502): its status is the news.
  const body = parseJson(text);
  if (status === 200 && body === undefined) throw new ServerImportError(`HTTP ${status}: not a JSON answer`, status);
  if (status === 200) return ImportResult.parse(body);
  const error = ErrorBody.safeParse(body);
  throw new ServerImportError(
    error.success ? `${error.data.detail}: ${error.data.message ?? ''}`.replace(/: $/, '') : `HTTP ${status}`,
    status,
  );
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}
