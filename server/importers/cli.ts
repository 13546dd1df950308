// `npm run import -- <file or folder>...`: imports legal documents into the configured
// database (DATA_DIR or DATABASE_URL), printing progress and a summary.
import path from 'node:path';
import { readConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DataDirUnusableError } from '../db/data-dir-failure.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import { importPaths, type ImportProgress } from './import-files.js';

const USAGE = `Usage: npm run import -- <file or folder>...

Imports legal documents into Lexhub's database (the embedded one in DATA_DIR, default ./data,
or PostgreSQL when DATABASE_URL is set). Formats are detected from the content:
e-Sbírka JSON, Czech law Markdown, Akoma Ntoso 3.0 / LegalDocML.de, Formex 4, TMX 1.4.
Example: npm run import -- ../shared/corpus`;

async function main(args: string[]): Promise<number> {
  if (args.length === 0 || args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return args.length === 0 ? 2 : 0;
  }
  const config = readConfig();
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
    const report = await importPaths(database.db, args, printProgress);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const count = (status: string) => report.stored.filter((s) => s.status === status).length;
    process.stdout.write(
      `\nImported ${report.stored.length} document versions in ${seconds} s ` +
        `(${count('created')} new, ${count('replaced')} replaced, ${count('unchanged')} unchanged), ` +
        `${report.errors.length} errors, ${report.skipped.length + report.passedOver.length} files skipped.\n`,
    );
    const skipped = [
      ...report.skipped.map((file) => ({ file, message: 'format not recognized' })),
      ...report.passedOver,
    ].sort((a, b) => a.file.localeCompare(b.file));
    if (skipped.length > 0) {
      process.stdout.write('\nSkipped:\n');
      for (const problem of skipped) process.stdout.write(`  ${relative(problem.file)}: ${problem.message}\n`);
    }
    if (report.errors.length > 0) {
      process.stderr.write('\nErrors:\n');
      for (const problem of report.errors) process.stderr.write(`  ${relative(problem.file)}: ${problem.message}\n`);
    }
    return report.errors.length > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

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
