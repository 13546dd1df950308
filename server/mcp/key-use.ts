// Recording a key's successful uses after the answer went out: the store writes one `used` event a
// minute per key and source anyway, so this process skips the write when it already made that
// minute's (a busy agent costs one small transaction a minute, not one per call).
import type { FastifyBaseLogger } from 'fastify';
import { recordKeyUse, sourceBucket } from '../api-keys/events.js';
import type { RunInBackground } from '../auth/background-work.js';
import type { Db } from '../db/client.js';

const REMEMBERED_MAX = 10_000;

export function keyUseRecorder(db: Db, runInBackground: RunInBackground) {
  const recorded = new Map<string, number>();
  return (keyId: string, ip: string, log: FastifyBaseLogger) => {
    const now = new Date();
    const minute = Math.floor(now.getTime() / 60_000);
    const slot = `${keyId}|${sourceBucket(ip)}`;
    if (recorded.get(slot) === minute) return;
    if (recorded.size >= REMEMBERED_MAX) recorded.clear();
    recorded.set(slot, minute);
    runInBackground('recording an API key use', log, () => recordKeyUse(db, keyId, ip, now));
  };
}
