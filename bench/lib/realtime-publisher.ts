// Publishes bench commands at a steady rate (due counts from the clock, so timer jitter does
// not change the rate), each stamped with the monotonic send time the clients subtract.
import { monotonicMs, type PublishOutcome, type PublishPlan } from './realtime-protocol.js';

export type PublishFn = (userId: string, payload: Record<string, unknown>) => Promise<unknown> | void;

export const BENCH_COMMAND = 'tool.bench';
// About the size of a real automation event (a tool call's summary).
const SUMMARY = 'search_documents: “prezident republiky” — 10 documents, 5 provisions; '.repeat(2);

export async function publishSteadily(plan: PublishPlan, publish: PublishFn): Promise<PublishOutcome> {
  const outcome: PublishOutcome = { individual: 0, shared: 0, errors: 0, maxInFlight: 0 };
  const pending = new Set<Promise<unknown>>();
  let seq = 0;
  const fire = (userId: string) => {
    const result = publish(userId, { seq: seq++, t: monotonicMs(), summary: SUMMARY });
    if (!result) return;
    const tracked: Promise<unknown> = result.then(
      (): void => {
        pending.delete(tracked);
      },
      (): void => {
        outcome.errors += 1;
        pending.delete(tracked);
      },
    );
    pending.add(tracked);
    outcome.maxInFlight = Math.max(outcome.maxInFlight, pending.size);
  };
  const started = monotonicMs();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const elapsedS = Math.min((monotonicMs() - started) / 1000, plan.durationS);
      const individualDue = Math.floor(elapsedS * plan.individualPerS);
      const sharedDue = plan.sharedUser ? Math.floor(elapsedS * plan.sharedPerS) : 0;
      while (outcome.individual < individualDue) {
        fire(plan.individualUsers[outcome.individual % plan.individualUsers.length]!);
        outcome.individual += 1;
      }
      while (outcome.shared < sharedDue) {
        fire(plan.sharedUser!);
        outcome.shared += 1;
      }
      if (elapsedS >= plan.durationS) {
        clearInterval(timer);
        resolve();
      }
    }, 2);
  });
  await Promise.allSettled([...pending]);
  return outcome;
}
