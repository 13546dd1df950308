// The live channel's messages (WebSocket subprotocol lexhub.copilot.v1), validated at both ends.
// Every server frame is discriminated by `type`; a command frame (`type: 'command'`) is parsed
// once at the socket edge, then dispatched through the router's exhaustive handler map.
import { z } from 'zod';

export const SUBPROTOCOL = 'lexhub.copilot.v1';

/** Application close codes: a browser cannot read a refused handshake's HTTP status. */
export const CLOSE_CODES = {
  /**
   * Token missing, malformed, expired or already used; also an open socket whose login session
   * ended (logout, password reset, expiry), then with the reason SESSION_ENDED_REASON.
   */
  unauthorized: 4401,
  /** The token's user may not do what was asked. */
  forbidden: 4403,
  /** No pong within the heartbeat window. */
  heartbeatTimeout: 4408,
  /**
   * Too much: the client read too slowly (its send buffer passed the bound), or sent more
   * subscribe messages than the limit allows. Either way it reconnects after its backoff.
   */
  slowConsumer: 4429,
  /** Wrong subprotocol. */
  protocolError: 4400,
  /** The server is shutting down; reconnect. */
  goingAway: 1001,
} as const;

/** Close reason (with CLOSE_CODES.unauthorized) of a socket whose login session ended: log in again. */
export const SESSION_ENDED_REASON = 'session_ended' satisfies LiveErrorCode;

/** A command's name: one of the five namespaces the channel carries, then a dotted verb. */
export const CommandName = z
  .string()
  .max(64)
  .regex(
    /^(tool|editor|search|copilot|chat)\.[a-z][a-z0-9_.]*$/,
    'command must start with tool., editor., search., copilot. or chat.',
  );

/** `user:{uuid}`: the only kind of channel for now. */
export const Channel = z.string().regex(/^user:[0-9a-f-]{36}$/, 'channel must be user:{id}');
export const userChannel = (userId: string) => `user:${userId}`;

// ---- payloads of the commands the app understands (others pass as plain objects) ----

export const DocumentRef = z.object({
  document_id: z.uuid(),
  title: z.string().optional(),
  external_id: z.string().optional(),
});

export const KNOWN_PAYLOADS = {
  /** Go to an address of the app. */
  'tool.navigate': z.object({ path: z.string().startsWith('/').max(2000) }),
  /** Open a document, optionally at a node. */
  'editor.open': z.object({
    document_id: z.uuid(),
    node_id: z.uuid().optional(),
    path: z.string().startsWith('/').max(2000).optional(),
  }),
  /** The latest proposed translation for the editor. */
  'editor.translation_preview': z.object({
    translation_preview: z.string().max(100_000),
    fragment_id: z.uuid().optional(),
    language: z.string().optional(),
    /** Which kind of suggestion the preview is (exact or fuzzy memory match, machine translation). */
    origin: z.enum(['exact', 'fuzzy', 'mt']).optional(),
    /** The memory match's percent (0 for machine translation). */
    score: z.number().int().min(0).max(100).optional(),
  }),
  /** Open quick search with a query. */
  'search.query': z.object({ q: z.string().max(500) }),
  /** Open quick search with results. */
  'search.results': z.object({ q: z.string().max(500), items: z.array(DocumentRef).max(50) }),
  /** An assistant message (or a part of it) for the Copilot panel. */
  'chat.message': z.object({ role: z.enum(['assistant', 'user', 'system']), content: z.string().max(100_000) }),
  /** A tool the Copilot called, for the automation events list. */
  'copilot.tool_call': z.object({ name: z.string().max(100), summary: z.string().max(2000) }),
} as const;
export type KnownCommand = keyof typeof KNOWN_PAYLOADS;

const Payload = z.record(z.string(), z.unknown());

// ---- client -> server ----

/** A message's id: grows in commit order across every channel (the server's backlog, issue 15). */
export const MessageId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * `last_id`: the id of the last message the client got on these channels (one id for all the
 * channels listed; subscribe one channel at a time when they differ). The server first sends
 * what came after it, or `reset` when its backlog no longer reaches back that far, then live.
 */
export const SubscribeMessage = z.object({
  cmd: z.literal('subscribe'),
  channels: z.array(Channel).min(1).max(10),
  last_id: MessageId.optional(),
});
export const UnsubscribeMessage = z.object({
  cmd: z.literal('unsubscribe'),
  channels: z.array(Channel).min(1).max(10),
});
export const ClientMessage = z.discriminatedUnion('cmd', [SubscribeMessage, UnsubscribeMessage]);
export type ClientMessage = z.infer<typeof ClientMessage>;

// ---- server -> client: every frame is `{type, ...}` ----

export const ReadyMessage = z.object({ type: z.literal('ready'), user_id: z.uuid() });
export const SubscribedMessage = z.object({ type: z.literal('subscribed'), channels: z.array(Channel) });
/** Every `code` an `err` frame can carry: closed, as the HTTP API's ERROR_CODES are. */
export const LIVE_ERROR_CODES = [
  /** Not JSON text, or not a client message of the protocol. */
  'bad_message',
  /** The ws-token is missing, invalid, expired or used (the socket closes with 4401). */
  'unauthorized',
  /** Another user's channel, or a cross-origin handshake. */
  'forbidden',
  /** The wrong subprotocol. */
  'protocol_error',
  /** The server could not check the token; try again. */
  'unavailable',
  /** The server is shutting down; reconnect. */
  'going_away',
  /** The login session ended (SESSION_ENDED_REASON): log in again. */
  'session_ended',
] as const;
export const LiveErrorCode = z.enum(LIVE_ERROR_CODES);
export type LiveErrorCode = z.infer<typeof LiveErrorCode>;

export const ErrorMessage = z.object({ type: z.literal('err'), code: LiveErrorCode, message: z.string() });
/**
 * The messages after a subscribe's `last_id` are gone from the server's backlog (pruned by count
 * and age): the client cannot be told what it missed and drops the live state it holds.
 */
export const ResetMessage = z.object({ type: z.literal('reset'), channel: Channel });
export type ResetMessage = z.infer<typeof ResetMessage>;
export const ServerEvent = z.discriminatedUnion('type', [ReadyMessage, SubscribedMessage, ErrorMessage, ResetMessage]);
export type ServerEvent = z.infer<typeof ServerEvent>;

/** A command frame of one known name, its payload typed by KNOWN_PAYLOADS. */
const commandFrame = <C extends KnownCommand>(cmd: C) =>
  z.object({
    type: z.literal('command'),
    cmd: z.literal(cmd),
    channel: Channel,
    payload: KNOWN_PAYLOADS[cmd],
    /** Milliseconds since the epoch when the command was published. */
    ts: z.number(),
    /** The message's id (the server always sends it; a client subscribes with the last one seen). */
    id: MessageId.optional(),
  });

/** The frame schema of each known command, in the order of KNOWN_PAYLOADS. */
type CommandFrame = { [C in KnownCommand]: ReturnType<typeof commandFrame<C>> }[KnownCommand];
// Object.keys loses the link between each name and its payload; the mapped type above restores it.
const commandFrames = (Object.keys(KNOWN_PAYLOADS) as KnownCommand[]).map(commandFrame) as unknown as [
  CommandFrame,
  ...CommandFrame[],
];

/** The commands the app acts on: one member per KNOWN_PAYLOADS entry, discriminated by `cmd`. */
export const Command = z.discriminatedUnion('cmd', commandFrames);
export type Command = z.infer<typeof Command>;

const isKnownCommand = (name: unknown): name is KnownCommand =>
  typeof name === 'string' && Object.hasOwn(KNOWN_PAYLOADS, name);

/**
 * A well-formed command of the five namespaces that the app does not know by name (tool.highlight,
 * copilot.note): it is published and delivered, and the client lists it in the automation events
 * (a search.* one with a `q` opens the quick search, a chat.* / copilot.* one with `content` adds a
 * message), so a newer server can try a command before the client knows it.
 */
export const UnlistedCommand = z.object({
  type: z.literal('command'),
  cmd: CommandName.refine((name) => !isKnownCommand(name), 'a known command has its own schema'),
  channel: Channel,
  payload: Payload,
  ts: z.number(),
  id: MessageId.optional(),
});
export type UnlistedCommand = z.infer<typeof UnlistedCommand>;

/** Any command frame: known and typed, or unlisted (tests parse received frames with it). */
export const CommandMessage = z.union([Command, UnlistedCommand]);
export type CommandMessage = Command | UnlistedCommand;
export type ServerMessage = ServerEvent | CommandMessage;

/** Whether a parsed command is one of the known ones (its payload then has its own type). */
export const isListedCommand = (message: CommandMessage): message is Command => isKnownCommand(message.cmd);

/**
 * Validates a command frame once: against its own member when the name is known (issues point
 * into `payload`), else as an unlisted command.
 */
export function parseCommand(input: unknown) {
  const name = typeof input === 'object' && input !== null ? (input as { cmd?: unknown }).cmd : undefined;
  return isKnownCommand(name) ? Command.safeParse(input) : UnlistedCommand.safeParse(input);
}

/** A server message from raw socket text: an event, a command, or null when malformed (dropped, with a warning). */
export function parseServerMessage(text: string): ServerMessage | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    warnDropped('not JSON');
    return null;
  }
  const type = typeof json === 'object' && json !== null ? (json as { type?: unknown }).type : undefined;
  const parsed = type === 'command' ? parseCommand(json) : ServerEvent.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  warnDropped(issue ? `${issue.path.join('.') || 'frame'}: ${issue.message}` : 'not a message of the protocol');
  return null;
}

/** A dropped frame is worth a trace for whoever debugs the channel; its text (user data) is not logged. */
function warnDropped(problem: string) {
  // eslint-disable-next-line no-console -- a malformed live frame is ignored, not a failure
  console.warn(`live channel: dropped a malformed frame (${problem})`);
}

/** What `POST /v1/realtime/publish` takes: a test command for the caller's own channel. */
export const PublishRequest = z.object({ cmd: CommandName, payload: Payload.default({}) });
export const PublishResponse = z.object({ status: z.literal('ok'), ts: z.number() });

export const WsTokenResponse = z.object({ token: z.string(), expires_in: z.number().int() });
