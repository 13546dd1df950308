// Scores passwords with zxcvbn-ts off the main thread: a check costs 5–100 ms of CPU, which
// would otherwise stall every other request (plain JS so it runs the same under tsx and vitest).
import { parentPort } from 'node:worker_threads';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...english.dictionary },
  graphs: common.adjacencyGraphs,
  translations: english.translations,
  // Bounds the work per check: longer passwords are scored on their first 64 characters,
  // and l33t decoding tries at most 10 substitutions.
  maxLength: 64,
  l33tMaxSubstitutions: 10,
});

parentPort?.on('message', ({ id, password, userInputs }) => {
  try {
    const result = zxcvbn.check(password, userInputs);
    // Made only of common passwords ('P@ssw0rd' + '1234'): too common, whatever the score.
    const onlyCommon =
      result.sequence.length > 0 &&
      result.sequence.every((match) => match.pattern === 'dictionary' && match.dictionaryName === 'passwords-common');
    parentPort?.postMessage({ id, score: result.score, onlyCommon });
  } catch (error) {
    parentPort?.postMessage({ id, error: String(error) });
  }
});
