// Which unique constraint a failed insert hit (PostgreSQL 23505), on both drivers and through
// drizzle's error wrapper; undefined for any other error.
export function uniqueViolation(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const fields = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (fields.code === '23505') return typeof fields.constraint === 'string' ? fields.constraint : '';
    current = fields.cause;
  }
  return undefined;
}
