// Where the client stands on each channel: the id of the last message it got. On (re)connect it
// subscribes with that `last_id` and the server replays what was missed (or says `reset`); a
// message not newer than the last one is a repeat and is dropped (issue 15).
import type { CommandMessage } from './protocol';

/** channel → the id of the last message received on it. */
export type LastIds = Readonly<Record<string, number>>;

/** The subscribe frame for a channel: with `last_id` once something was received on it. */
export function subscribeFrame(channel: string, lastIds: LastIds): string {
  const lastId = lastIds[channel];
  return JSON.stringify({
    cmd: 'subscribe',
    channels: [channel],
    ...(lastId !== undefined ? { last_id: lastId } : {}),
  });
}

/** Already received (a replay overlapping live delivery): ids grow on every channel. */
export function isRepeat(lastIds: LastIds, message: CommandMessage): boolean {
  const lastId = lastIds[message.channel];
  return message.id !== undefined && lastId !== undefined && message.id <= lastId;
}

/** The cursor after a message (one without an id, from an older server, leaves it as it was). */
export function afterMessage(lastIds: LastIds, message: CommandMessage): LastIds {
  return message.id === undefined ? lastIds : { ...lastIds, [message.channel]: message.id };
}

/** After `reset` the old id means nothing (the backlog no longer has it, or it came from elsewhere). */
export function afterReset(lastIds: LastIds, channel: string): LastIds {
  const { [channel]: _dropped, ...rest } = lastIds;
  return rest;
}
