// `npm run import -- --celex 32016R0679 --lang cs,en,de` / `--sb 1/1993`: acts imported by number
// from the official services. While a server holds the embedded database the server imports them
// (a job per act, through-server/source-job.ts); otherwise this process does, on the configured
// database. The lines and the summary are the same either way (source-lines.ts).
import {
  SOURCE_ID_PATTERNS,
  type LawSourceName,
  type SourceImportAct,
  type SourceImportItem,
  type SourceImportProblem,
} from '../../src/api/contract/source-imports.js';
import type { LocalServer } from '../admin/local-server-file.js';
import type { Db } from '../db/client.js';
import { actFailed, applyProgress, settleItems, type JobState } from '../source-imports/job-progress.js';
import { lawSource, type SourceSettings } from '../source-imports/settings.js';
import { TrackedSource } from '../source-imports/tracked-source.js';
import { importFromSource } from './sources/import-from-source.js';
import { SourceNotFoundError, SourceOfflineError } from './sources/source-errors.js';
import { itemPrinter, printSourceSummary, type Output } from './source-lines.js';
import { followSourceJob, startSourceJob } from './through-server/source-job.js';
import { ServerImportError } from './through-server/send-files.js';

export interface SourceArgs {
  acts: SourceImportAct[];
  /** --lang cs,en; undefined: every language the service has. */
  languages?: string[];
}

const FLAGS: Record<string, LawSourceName> = { '--celex': 'cellar', '--sb': 'e-sbirka' };

/** The acts named by --celex / --sb (each repeatable, or comma-separated); undefined when none is. */
export function parseSourceArgs(args: string[]): SourceArgs | undefined {
  if (!args.some((arg) => arg in FLAGS || arg === '--lang' || /^--(celex|sb|lang)=/.test(arg))) return undefined;
  const result: SourceArgs = { acts: [] };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const [flag, inline] = arg.startsWith('--') ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    if (flag !== '--lang' && !(flag! in FLAGS)) throw new Error(`"${arg}" cannot be mixed with --celex/--sb`);
    const value = inline ?? args[++i];
    if (value === undefined || value.startsWith('--')) throw new Error(`${flag} needs a value`);
    const values = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (flag === '--lang') {
      const bad = values.find((language) => !/^[a-z]{2}$/.test(language));
      if (bad !== undefined) throw new Error(`--lang takes two-letter codes such as cs,en,de, not "${bad}"`);
      result.languages = [...new Set([...(result.languages ?? []), ...values])];
      continue;
    }
    const source = FLAGS[flag!]!;
    for (const id of values) {
      if (!SOURCE_ID_PATTERNS[source].test(id))
        throw new Error(
          source === 'cellar'
            ? `--celex takes a CELEX number (32016R0679) or an ELI, not "${id}"`
            : `--sb takes a number and year (1/1993), not "${id}"`,
        );
      result.acts.push({ source, id });
    }
  }
  if (result.acts.length === 0) throw new Error('Name an act with --celex or --sb');
  return result;
}

/** This process imports, act after act; exit 1 when anything failed. */
export async function importSourcesHere(
  db: Db,
  request: SourceArgs,
  settings: SourceSettings,
  output: Output,
): Promise<number> {
  const started = performance.now();
  const state: JobState = { acts: request.acts.map((act) => ({ ...act })), items: [], problems: [] };
  const print = itemPrinter(output);
  let stopped: string | undefined;
  for (const [index, act] of request.acts.entries()) {
    const source = new TrackedSource(lawSource(act.source, settings));
    try {
      await importFromSource(db, source, act.id, {
        languages: request.languages,
        onProgress: (event) => {
          applyProgress(state, index, event, (problem) => source.reasonOf(problem), request.languages ?? null);
          print(state.items);
        },
      });
    } catch (error) {
      // No network: every other act would fail the same way.
      if (error instanceof SourceOfflineError) {
        stopped = error.message;
        break;
      }
      actFailed(state, index, error instanceof SourceNotFoundError ? 'not_found' : 'service_failed', messageOf(error));
    } finally {
      settleItems(state);
      print(state.items);
    }
  }
  printSourceSummary(output, state.items, state.problems, (performance.now() - started) / 1000, stopped);
  return state.problems.length > 0 || stopped ? 1 : 0;
}

/** The server imports, a job per act; exit 1 when anything failed, 3 when the server refused. */
export async function importSourcesThroughServer(
  server: Pick<LocalServer, 'url' | 'token'>,
  request: SourceArgs,
  output: Output,
): Promise<number> {
  output.out(`A Lexhub server (${server.url}) holds the embedded database: it imports the acts.`);
  const started = performance.now();
  const print = itemPrinter(output);
  let items: SourceImportItem[] = [];
  const problems: SourceImportProblem[] = [];
  let stopped: string | undefined;
  for (const act of request.acts) {
    const earlier = items;
    try {
      const job = await startSourceJob(server, { source: act.source, id: act.id, languages: request.languages });
      const ended = await followSourceJob(server, job.id, (update) => {
        items = [...earlier, ...update.items];
        print(items);
      });
      problems.push(...ended.problems);
      if (ended.error) {
        stopped = ended.error.message;
        break;
      }
    } catch (error) {
      if (!(error instanceof ServerImportError) && !isConnectionError(error)) throw error;
      output.err(`The server did not import ${act.id}: ${messageOf(error)}`);
      printSourceSummary(output, items, problems, (performance.now() - started) / 1000);
      return error instanceof ServerImportError && error.status === 409 ? 3 : 1;
    }
  }
  printSourceSummary(output, items, problems, (performance.now() - started) / 1000, stopped);
  return problems.length > 0 || stopped ? 1 : 0;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const isConnectionError = (error: unknown) => {
  const code = ((error as { cause?: { code?: unknown } } | undefined)?.cause?.code ??
    (error as { code?: unknown } | undefined)?.code) as string | undefined;
  return typeof code === 'string' && ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ENOTFOUND'].includes(code);
};
