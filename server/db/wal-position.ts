// PostgreSQL's write-ahead log positions (LSNs) in their text form, `16/B374D848`: two hex
// numbers, the high and low 32 bits. Compared as one 64-bit number.

const LSN = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i;

/** The position as a number, or undefined for anything that is not an LSN (a forged cookie). */
export function parseWalPosition(text: string | undefined | null): bigint | undefined {
  const match = text ? LSN.exec(text) : null;
  if (!match) return undefined;
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}
