// Dates written with a month name ('16. prosince 1992', 'of 5 March 2019') as YYYY-MM-DD;
// each parser brings its own month names and its own pattern around the date.

/** Lower-case month names -> month number (1-12). */
export type MonthNames = ReadonlyMap<string, number>;

/** Builds a month table from names listed January to December (several lists may share numbers). */
export function monthNames(...lists: readonly string[][]): MonthNames {
  return new Map(lists.flatMap((names) => names.map((name, i): [string, number] => [name, i + 1])));
}

/** Day, month name and year as matched in a text -> 'YYYY-MM-DD'; undefined for an unknown month. */
export function dateFromWords(day: string, monthName: string, year: string, months: MonthNames): string | undefined {
  const month = months.get(monthName.toLowerCase());
  if (month === undefined) return undefined;
  return `${year}-${String(month).padStart(2, '0')}-${day.padStart(2, '0')}`;
}
