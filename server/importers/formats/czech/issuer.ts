// The enacting body of a Czech or Slovak act, read from its enacting clause.

/** Who enacted it, from 'Česká národní rada se usnesla na tomto ústavním zákoně:'. */
export function findEnactingIssuer(lines: string[]): string | undefined {
  for (const line of lines) {
    const direct = /^(\p{Lu}[^:]{2,90}?)\s+(?:se\s+|sa\s+)?(?:usnesl|usniesl)/u.exec(line);
    if (direct && !/^(K|Po|Na)\s/.test(direct[1]!)) return direct[1]!.replace(/\s+(se|sa)$/, '');
    const inverted = /\bse\s+(\p{Lu}[\p{L} ]{2,80}?)\s+usnesl/u.exec(line);
    if (inverted) return inverted[1];
  }
  return undefined;
}
