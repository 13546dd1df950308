// `npm run import -- --celex 32016R0679 --lang cs,en,de` / `--sb 1/1993`: acts imported by number
// from the official services. While a server holds the embedded database the server imports them
// (a job per act, through-server/source-job.ts); otherwise this process does, on the configured
// database, recorded as an import job all the same (the update schedule checks the acts of the
// jobs). The lines and the summary are the same either way (source-lines.ts).
import {
  SOURCE_ID_PATTERNS,
  type LawSourceName,
  type SourceImportAct,
  type SourceImportItem,
  type SourceImportProblem,
} from '../../src/api/contract/source-imports.js';
import type { LocalServer } from '../admin/local-server-file.js';
import type { Db } from '../db/client.js';
import { ApiError } from '../http/errors.js';
import { messageOf } from '../source-imports/import-acts.js';
import { runJob } from '../source-imports/job-runner.js';
import { createJob, markInterrupted } from '../source-imports/job-store.js';
import type { SourceSettings } from '../source-imports/settings.js';
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

/**
 * This process imports, act after act, as an import job of its own (created by no operator, as
 * the server's jobs for this command are): its acts are tracked by the update schedule like every
 * other import's, and the server's limits on running jobs hold. Exit 1 when anything failed, 3
 * when another import from the command line is running (or the server's limit is reached).
 */
export async function importSourcesHere(
  db: Db,
  request: SourceArgs,
  settings: SourceSettings,
  output: Output,
): Promise<number> {
  const started = performance.now();
  let job;
  try {
    job = await createJob(
      db,
      { kind: 'import', acts: request.acts, languages: request.languages ?? null, createdBy: null },
      settings,
    );
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 409) throw error;
    output.err(error.message);
    return 3;
  }
  // Stopped by Ctrl-C: the job is marked interrupted now, not a minute later by a reader.
  const interrupted = () => {
    void markInterrupted(db, job.id, 'The command importing the acts was stopped').finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  const print = itemPrinter(output);
  try {
    const { state, error } = await runJob(db, job, settings, { onChange: (changed) => print(changed.items) });
    printSourceSummary(output, state.items, state.problems, (performance.now() - started) / 1000, error?.message);
    return state.problems.length > 0 || error ? 1 : 0;
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }
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

const isConnectionError = (error: unknown) => {
  const code = ((error as { cause?: { code?: unknown } } | undefined)?.cause?.code ??
    (error as { code?: unknown } | undefined)?.code) as string | undefined;
  return typeof code === 'string' && ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ENOTFOUND'].includes(code);
};
