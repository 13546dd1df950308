// Positions in source text for error messages: the 1-based line of a character offset.

export function lineAt(content: string, offset: number): number {
  let line = 1;
  for (let i = content.indexOf('\n'); i !== -1 && i < offset; i = content.indexOf('\n', i + 1)) line++;
  return line;
}
