// Text PostgreSQL and the search folding can store: no NUL (a text column cannot hold one) and no
// unpaired UTF-16 surrogate (no character at all; it fails on its way into the database).
// eslint-disable-next-line no-control-regex -- NUL is exactly what is refused
const NOT_STORABLE = /\u0000|\p{Cs}/u;

export const isStorableText = (value: string): boolean => !NOT_STORABLE.test(value);
export const NOT_STORABLE_MESSAGE = 'must not contain NUL characters or unpaired surrogates';
