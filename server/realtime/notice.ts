// What travels in a NOTIFY lexhub_realtime payload: the message's text with its id when it fits
// (receivers forward it unchanged, no read), else a reference `{"ref":id,"channel":…}` to the
// stored body. Receivers route on the channel and keep order and uniqueness by the id.

/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes and more; bigger messages go by reference. */
export const NOTIFY_LIMIT_BYTES = 7900;
/** `{"type":"command","cmd":"…","channel":"…"`: a command's text begins so (no quotes inside). */
const COMMAND_HEAD = /^\{"type":"command","cmd":"[a-z0-9_.]+","channel":"([^"]+)"/;
/** …`,"id":123}`: withId() puts the id last, so neither end needs the payload parsed. */
const ID_TAIL = /,"id":(\d+)\}$/;

export interface Notice {
  id: number;
  channel: string;
  /** The text to send to clients; absent when the body is stored only (by reference). */
  text?: string;
}

/** A payload read back; null when it is of no known shape. */
export function parseNotice(payload: string): Notice | null {
  const head = COMMAND_HEAD.exec(payload);
  if (head) {
    const tail = ID_TAIL.exec(payload);
    return tail ? { id: Number(tail[1]), channel: head[1]!, text: payload } : null;
  }
  let json: { ref?: unknown; channel?: unknown };
  try {
    json = JSON.parse(payload) as typeof json;
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null) return null;
  const { ref, channel } = json;
  if (typeof ref !== 'number' || !Number.isSafeInteger(ref) || typeof channel !== 'string') return null;
  return { id: ref, channel };
}
