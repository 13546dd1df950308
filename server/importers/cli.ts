// `npm run import -- <file or folder>...`: imports legal documents into the configured
// database (DATA_DIR or DATABASE_URL), printing progress and a summary. While a Lexhub server
// holds the embedded database, the files go through that server instead (through-server/).
// `--celex` / `--sb` fetch acts by number from the official services (source-import-cli.ts).
import path from 'node:path';
import type { ImportProblem as ServerProblem, ImportResult } from '../../src/api/contract/admin-imports.js';
import { readConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DataDirUnusableError } from '../db/data-dir-failure.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import { importPaths, type ImportProblem, type ImportProgress } from './import-files.js';
import { REASON_TEXT } from './import-problem.js';
import { summarizeImport } from './import-summary.js';
import { importSourcesHere, importSourcesThroughServer, parseSourceArgs } from './source-import-cli.js';
import { processOutput } from './source-lines.js';
import { JOB_TIMING } from '../source-imports/settings.js';
import { runningServer } from './through-server/running-server.js';
import { collectFiles, sendFiles, ServerImportError } from './through-server/send-files.js';
import { conflictMessage } from './version-conflicts.js';

const USAGE = `Usage: npm run import -- <file or folder>...
       npm run import -- --celex <CELEX or ELI>... --sb <number/year>... [--lang cs,en,de]

Imports legal documents into Lexhub's database (the embedded one in DATA_DIR, default ./data,
or PostgreSQL when DATABASE_URL is set). While the server runs on the embedded database, the
files are sent to it (it must have started on this machine with the same DATA_DIR).
Formats are detected from the content:
e-Sbírka JSON, Czech law Markdown, Akoma Ntoso 3.0 / LegalDocML.de, Formex 4, TMX 1.4.

--celex and --sb fetch acts by number from the official services instead: EU law from the
Publications Office's CELLAR (CELLAR_URL), Czech law from e-Sbírka (ESBIRKA_URL), every version
they have, in the languages of --lang (default: all the service has). Each flag may be repeated
or take several numbers separated by commas. While the server runs on the embedded database,
the server imports them and this command follows its progress.
Examples: npm run import -- ../shared/corpus
          npm run import -- --celex 32016R0679 --lang cs,en,de
          npm run import -- --sb 1/1993 --sb 2/1993`;

async function main(args: string[]): Promise<number> {
  if (args.length === 0 || args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return args.length === 0 ? 2 : 0;
  }
  let sources;
  try {
    sources = parseSourceArgs(args);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  const config = readConfig();
  // The embedded database is the server's while it runs: send the files (or the acts) to it.
  const server = config.databaseUrl ? undefined : runningServer(config.dataDir);
  if (server && sources) return importSourcesThroughServer(server, sources, processOutput);
  if (server) return importThroughServer(server, args);
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\n`);
      return 3;
    }
    if (error instanceof DataDirUnusableError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  const started = performance.now();
  try {
    if (sources) {
      const settings = { ...config.sources, ...JOB_TIMING, dataDir: config.dataDir, publicUrl: config.publicUrl };
      return await importSourcesHere(database.db, sources, settings, processOutput);
    }
    const report = await importPaths(database.db, args, printProgress);
    const summary = summarizeImport(report);
    printSummary({
      versions: report.stored.length,
      seconds: (performance.now() - started) / 1000,
      created: summary.created,
      replaced: summary.replaced,
      unchanged: summary.unchanged,
      skipped: summary.skipped,
      errors: summary.errors,
    });
    return summary.errors.length > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

interface Summary {
  versions: number;
  seconds: number;
  created: number;
  replaced: number;
  unchanged: number;
  skipped: ImportProblem[];
  errors: ImportProblem[];
}

/** The closing lines, the same whether this process imported or the server did. */
function printSummary(summary: Summary) {
  process.stdout.write(
    `\nImported ${summary.versions} document versions in ${summary.seconds.toFixed(1)} s ` +
      `(${summary.created} new, ${summary.replaced} replaced, ${summary.unchanged} unchanged), ` +
      `${summary.errors.length} errors, ${summary.skipped.length} files skipped.\n`,
  );
  const skipped = [...summary.skipped].sort((a, b) => a.file.localeCompare(b.file));
  if (skipped.length > 0) {
    process.stdout.write('\nSkipped:\n');
    for (const problem of skipped) process.stdout.write(`  ${relative(problem.file)}: ${problem.message}\n`);
  }
  if (summary.errors.length > 0) {
    process.stderr.write('\nErrors:\n');
    for (const problem of summary.errors) process.stderr.write(`  ${relative(problem.file)}: ${problem.message}\n`);
  }
}

/**
 * Sends the files to the running server and prints its answer as a local import prints its own.
 * Exit codes as locally: 0, 1 with errors; 3 when the server refuses (not running any more, busy).
 */
async function importThroughServer(server: { url: string; token: string }, args: string[]): Promise<number> {
  process.stdout.write(`A Lexhub server (${server.url}) holds the embedded database: sending the files to it.\n`);
  let result: ImportResult;
  const outgoing = await collectFiles(args);
  const local = (file: string) => outgoing.files.get(file) ?? file;
  try {
    if (outgoing.files.size === 0) throw new ServerImportError('no files to send');
    result = await sendFiles(server, outgoing);
  } catch (error) {
    if (!(error instanceof ServerImportError) && !isConnectionError(error)) throw error;
    process.stderr.write(
      `The server did not import the files: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    for (const problem of outgoing.missing) process.stderr.write(`  ${relative(problem.file)}: ${problem.message}\n`);
    return error instanceof ServerImportError && error.status === 409 ? 3 : 1;
  }
  const stored = result.versions.length;
  process.stdout.write(`Parsed ${result.files} files: ${stored} document versions stored.\n`);
  result.versions.forEach((line, index) =>
    process.stdout.write(
      `[${index + 1}/${stored}] ${line.external_id} (${line.valid_from ?? 'undated'}) ${line.status}: ` +
        `${line.nodes} nodes, ${line.fragments} fragments  ${relative(local(line.file))}\n`,
    ),
  );
  // The server sends codes: say them in the words a local import uses.
  const conflictOf = (file: string) => result.conflicts.find((conflict) => conflict.files.includes(file));
  const inWords = (problem: ServerProblem): ImportProblem => {
    const conflict = problem.reason === 'conflict' ? conflictOf(problem.file) : undefined;
    const file = local(problem.file);
    if (conflict) {
      // Named as the other files are named in the summary's lines.
      const named = (name: string) => relative(local(name));
      const version = { externalId: conflict.external_id, validFrom: conflict.valid_from };
      const message = conflictMessage({ ...version, files: conflict.files.map(named) }, named(problem.file));
      return { file, reason: problem.reason, message };
    }
    const message =
      problem.message === undefined ? REASON_TEXT[problem.reason] : localPaths(problem.message, outgoing.files);
    return { file, reason: problem.reason, message };
  };
  const errors = [...outgoing.missing, ...result.failed.map(inWords)];
  printSummary({
    versions: stored,
    seconds: result.seconds,
    created: result.counts.created,
    replaced: result.counts.replaced,
    unchanged: result.counts.unchanged,
    skipped: [...outgoing.passedOver, ...result.skipped.map(inWords)],
    errors,
  });
  return errors.length > 0 ? 1 : 0;
}

/** A conflict names the other files as uploaded: name them as the user typed them. */
function localPaths(message: string, files: Map<string, string>): string {
  let text = message;
  // Longest names first: one name may end another (`a/b.md`, `xa/b.md`).
  for (const [name, file] of [...files].sort((a, b) => b[0].length - a[0].length))
    text = text.split(name).join(relative(file));
  return text;
}

const isConnectionError = (error: unknown) =>
  typeof (error as NodeJS.ErrnoException | undefined)?.code === 'string' &&
  ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ENOTFOUND'].includes((error as NodeJS.ErrnoException).code!);

function printProgress(event: ImportProgress) {
  if (event.phase === 'parsed') {
    process.stdout.write(`Parsed ${event.files} files: ${event.documents} document versions to store.\n`);
  } else if (event.phase === 'stored') {
    const { result } = event;
    process.stdout.write(
      `[${event.done}/${event.total}] ${result.externalId} (${result.validFrom ?? 'undated'}) ${result.status}: ` +
        `${result.nodes} nodes, ${result.fragments} fragments  ${relative(event.file)}\n`,
    );
  } else {
    process.stderr.write(`error: ${relative(event.file)}: ${event.message}\n`);
  }
}

const relative = (file: string) => path.relative(process.cwd(), file) || file;

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`import failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
