// The WS Demo's publish flow: a bad command or payload fails before anything is sent, a good one
// is published (the server's time kept), a refusal keeps the server's ApiError, and Publish is
// off while a publish is on its way.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import {
  checkDemoCommand,
  selectCanPublish,
  selectProblem,
  selectPublishedAt,
  selectPublishing,
  selectServerError,
  wsDemoPublishMachine,
  type DemoBody,
} from './ws-demo-publish.machine';

function start(answer: (body: DemoBody) => Promise<{ ts: number }>) {
  const sent: DemoBody[] = [];
  const actor = createActor(
    wsDemoPublishMachine.provide({
      actors: {
        publish: fromPromise(({ input }: { input: DemoBody }) => {
          sent.push(input);
          return answer(input);
        }),
      },
    }),
  ).start();
  return { actor, sent };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('wsDemoPublishMachine', () => {
  it('publishes a checked command and keeps the server time', async () => {
    const { actor, sent } = start(async () => ({ ts: 42 }));
    expect(selectCanPublish(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'demo.publish', cmd: ' chat.message ', payload: '{"role":"assistant","content":"Ahoj"}' });
    expect(selectPublishing(actor.getSnapshot())).toBe(true);
    expect(selectCanPublish(actor.getSnapshot())).toBe(false);
    await settle();
    expect(sent).toEqual([{ cmd: 'chat.message', payload: { role: 'assistant', content: 'Ahoj' } }]);
    expect(actor.getSnapshot().matches('published')).toBe(true);
    expect(selectPublishedAt(actor.getSnapshot())).toBe(42);
    expect(selectCanPublish(actor.getSnapshot())).toBe(true);
  });

  it.each([
    ['admin.reset', '{}', 'wsDemo.error.invalid'],
    ['tool.navigate', '{"path": ', 'wsDemo.error.json'],
    ['tool.navigate', '[1, 2]', 'wsDemo.error.object'],
    ['tool.navigate', '{"path": "documents"}', 'wsDemo.error.invalid'],
  ])('fails %s %s before sending, with %s', async (cmd, payload, id) => {
    const { actor, sent } = start(async () => ({ ts: 1 }));
    actor.send({ type: 'demo.publish', cmd, payload });
    await settle();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(selectProblem(actor.getSnapshot())?.id).toBe(id);
    expect(sent).toEqual([]);
  });

  it("keeps the server's refusal, and a new publish clears it", async () => {
    let refuse = true;
    const { actor } = start(async () => {
      if (refuse) throw new ApiError(400, 'validation_failed');
      return { ts: 7 };
    });
    actor.send({ type: 'demo.publish', cmd: 'tool.navigate', payload: '{"path": "/"}' });
    await settle();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(selectServerError(actor.getSnapshot())).toMatchObject({ status: 400, detail: 'validation_failed' });
    expect(selectPublishedAt(actor.getSnapshot())).toBeNull();
    refuse = false;
    actor.send({ type: 'demo.publish', cmd: 'tool.navigate', payload: '{"path": "/"}' });
    await settle();
    expect(selectServerError(actor.getSnapshot())).toBeNull();
    expect(selectPublishedAt(actor.getSnapshot())).toBe(7);
  });
});

describe('checkDemoCommand', () => {
  it('takes an empty payload as {} and passes unknown commands of a known prefix', () => {
    expect(checkDemoCommand(' tool.highlight ', '')).toEqual({
      ok: true,
      body: { cmd: 'tool.highlight', payload: {} },
    });
  });
});
