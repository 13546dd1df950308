// What `npm run import -- --celex/--sb` prints, the same whether this process imports or a running
// server does: one line per version and language as it is stored or fails, then a summary in the
// file import's words and the problems.
import type { SourceImportItem, SourceImportProblem } from '../../src/api/contract/source-imports.js';

export interface Output {
  out(line: string): void;
  err(line: string): void;
}

export const processOutput: Output = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** Prints each item once, when it settles (stored, failed, skipped); counts as it goes. */
export function itemPrinter(output: Output) {
  const printed = new Set<string>();
  let done = 0;
  return (items: readonly SourceImportItem[]) => {
    for (const item of items) {
      const key = `${item.source}\n${item.version_id}\n${item.language}`;
      if (item.state === 'pending' || item.state === 'fetched' || printed.has(key)) continue;
      printed.add(key);
      done += 1;
      const what = item.state === 'stored' ? `${item.status}` : item.state;
      output.out(
        `[${done}/${items.length}] ${item.act_id} ${item.version_id} (${item.date}) ${item.language}: ${what}`,
      );
    }
  };
}

/** The closing lines: versions stored by status, then every problem with its act, version and language. */
export function printSourceSummary(
  output: Output,
  items: readonly SourceImportItem[],
  problems: readonly SourceImportProblem[],
  seconds: number,
  stopped?: string,
) {
  // A version is stored whole: count it once, not once per language.
  const versions = new Map<string, string>();
  for (const item of items)
    if (item.state === 'stored') versions.set(`${item.source}\n${item.version_id}`, item.status ?? 'created');
  const count = (status: string) => [...versions.values()].filter((value) => value === status).length;
  const errors = problems.length + (stopped ? 1 : 0);
  output.out(
    `\nImported ${versions.size} document versions in ${seconds.toFixed(1)} s ` +
      `(${count('created')} new, ${count('replaced')} replaced, ${count('unchanged')} unchanged), ${errors} errors.`,
  );
  if (errors === 0) return;
  output.err('\nErrors:');
  for (const problem of problems) {
    const where = [problem.act_id, problem.version_id, problem.language].filter(Boolean).join(' ');
    output.err(`  ${where}: ${problem.message} (${problem.reason})`);
  }
  if (stopped) output.err(`  ${stopped}`);
}
