// The UUID check the web app and the server share: 8-4-4-4-12 hex digits, any case (PostgreSQL
// accepts either, and addresses may carry upper case).

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);
