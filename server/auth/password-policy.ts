// The password policy of registration and reset. Checked in this order, first failure wins:
// 1. shorter than 12 characters → password_too_weak (cheap, and the hint users see first);
// 2. a known common password, exactly (case-insensitive), or made only of zxcvbn matches in its
//    common-password list (l33t, reversed, capitalised, joined: 'P@ssw0rd1234') → password_too_common;
// 3. only the site's own name, repeated and joined by digits or symbols ('Lexhub-Lexhub-2024')
//    → password_too_weak (the first word an attacker of this site tries);
// 4. zxcvbn score below 3, with the user's email and names and the site's words as inputs → password_too_weak.
// zxcvbn runs in a worker thread (password-strength.worker.mjs) so it never blocks requests.
import { Worker } from 'node:worker_threads';
import * as common from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN_LENGTH } from '../../src/api/contract/auth.js';
import { passwordRejected } from '../http/errors.js';

const MIN_SCORE = 3;
/** Words of this site: inputs to zxcvbn like the user's own names. */
export const SITE_WORDS = ['lexhub'];
const ONLY_SITE_WORDS = new RegExp(`^(?:${SITE_WORDS.join('|')})+$`);

const commonSet = new Set(
  (common.dictionary['passwords-common'] as string[]).map((password) => password.toLowerCase()),
);

export type PasswordProblem = 'password_too_weak' | 'password_too_common';

/** The first problem of a password, or null when it passes. */
export async function passwordProblem(password: string, userInputs: string[]): Promise<PasswordProblem | null> {
  if ([...password].length < PASSWORD_MIN_LENGTH) return 'password_too_weak';
  if (commonSet.has(password.toLowerCase())) return 'password_too_common';
  const letters = password
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z]/g, '');
  if (ONLY_SITE_WORDS.test(letters)) return 'password_too_weak';
  const inputs = [...userInputs.filter(Boolean).flatMap(inputVariants), ...SITE_WORDS];
  const strength = await scoreInWorker(password, inputs);
  if (strength.onlyCommon) return 'password_too_common';
  if (strength.score < MIN_SCORE) return 'password_too_weak';
  return null;
}

/** Throws the policy's 400 when the password fails it. */
export async function assertPasswordAcceptable(password: string, userInputs: string[], field = 'password') {
  const problem = await passwordProblem(password, userInputs);
  if (problem === 'password_too_common') {
    throw passwordRejected(problem, 'This password is on a list of common passwords', field);
  }
  if (problem) {
    throw passwordRejected(problem, `Use at least ${PASSWORD_MIN_LENGTH} characters that are hard to guess`, field);
  }
}

// An email counts as its whole and its local part; names also without accents.
function inputVariants(input: string): string[] {
  const lower = input.toLowerCase();
  const folded = lower.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const local = lower.includes('@') ? [lower.split('@')[0]!] : [];
  return [...new Set([lower, folded, ...local])];
}

interface Strength {
  score: number;
  onlyCommon: boolean;
}

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, { resolve: (strength: Strength) => void; reject: (error: Error) => void }>();

// One long-lived worker, started on first use. It holds the process open only while a check is
// pending (ref'd then, unref'd when idle), so a script that checks a password ends when done.
function getWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./password-strength.worker.mjs', import.meta.url));
  started.on('message', (message: { id: number; score?: number; onlyCommon?: boolean; error?: string }) => {
    const waiter = pending.get(message.id);
    pending.delete(message.id);
    if (pending.size === 0) started.unref();
    if (!waiter) return;
    if (message.error !== undefined) waiter.reject(new Error(`password check failed: ${message.error}`));
    else waiter.resolve({ score: message.score ?? 0, onlyCommon: message.onlyCommon === true });
  });
  const fail = (error: Error) => {
    worker = undefined;
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`password check worker exited (${code})`)));
  worker = started;
  return started;
}

function scoreInWorker(password: string, userInputs: string[]): Promise<Strength> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    const running = getWorker();
    running.ref();
    running.postMessage({ id, password, userInputs });
  });
}
