// One machine translation: unless the provider is paused, the text goes out with placeholders,
// under TRANSLATION_TIMEOUT_MS, and comes back restored with its QA. Failures become the
// contract's 502/503/504; the log gets provider, status and duration, never the text.
import type { QaIssue } from '../../../src/api/contract/translation.js';
import type { Db } from '../../db/client.js';
import { translationProviderBusy, translationProviderFailed, translationProviderTimeout } from '../../http/errors.js';
import { protect, restore, type Range } from './placeholders.js';
import { qaIssues } from './qa.js';
import { pauseLeft, pauseProvider, resumeProvider, retryAfterSeconds } from './pause.js';
import { PAUSING_STATUSES, ProviderAnswerError, ProviderHttpError } from './provider-errors.js';
import type { ProviderName, TranslationProvider } from './provider.js';

/** What is logged of a provider call. */
export interface ProviderCallLog {
  provider: ProviderName;
  /** The provider's HTTP status, or why there is none. */
  status: number | 'timeout' | 'invalid_answer' | 'unreachable';
  duration_ms: number;
}

export interface MachineTranslationRequest {
  text: string;
  /** The source fragment's reference spans (abs_start/abs_end). */
  spans: readonly Range[];
  sourceLanguage: string;
  targetLanguage: string;
}

export interface MachineTranslationOptions {
  timeoutMs: number;
  log?: (entry: ProviderCallLog) => void;
}

export interface MachineTranslation {
  text: string;
  qa: QaIssue[];
}

const statusOf = (error: unknown): ProviderCallLog['status'] => {
  if (error instanceof ProviderHttpError) return error.status;
  return error instanceof ProviderAnswerError ? 'invalid_answer' : 'unreachable';
};

export async function machineTranslate(
  db: Db,
  provider: TranslationProvider,
  request: MachineTranslationRequest,
  options: MachineTranslationOptions,
): Promise<MachineTranslation> {
  const left = await pauseLeft(db, provider.name);
  if (left !== undefined) throw translationProviderBusy(left);

  const sent = protect(request.text, request.spans, provider.placeholders);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  const started = performance.now();
  const log = (status: ProviderCallLog['status']) =>
    options.log?.({ provider: provider.name, status, duration_ms: Math.round(performance.now() - started) });
  let output: string;
  try {
    output = await provider.translate({
      text: sent.text,
      sourceLanguage: request.sourceLanguage,
      targetLanguage: request.targetLanguage,
      signal: controller.signal,
    });
  } catch (error) {
    if (controller.signal.aborted) {
      log('timeout');
      throw translationProviderTimeout();
    }
    log(statusOf(error));
    if (error instanceof ProviderHttpError && PAUSING_STATUSES.has(error.status))
      throw translationProviderBusy(await pauseProvider(db, provider.name, retryAfterSeconds(error.retryAfter)));
    throw translationProviderFailed();
  } finally {
    clearTimeout(timer);
  }
  const restored = restore(output, sent);
  if (restored.text.trim() === '') {
    log('invalid_answer');
    throw translationProviderFailed();
  }
  log(200);
  await resumeProvider(db, provider.name);
  return { text: restored.text.trim(), qa: qaIssues(request.text, restored.text, restored.lost) };
}
