// Writes a multipart upload of files under their relative paths into a folder, within limits:
// the folders matter (a Czech law Markdown file's folder is its law's key; a Formex package is
// a folder), so each part's filename is its path inside the upload ("law/2015-05-28.md").
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { MAX_PATH_DEPTH } from '../../src/api/contract/admin-imports.js';
import {
  ApiError,
  fileTooLarge,
  invalidFilePath,
  noFiles,
  payloadTooLarge,
  tooManyFiles,
  unsupportedMediaType,
  validationFailed,
} from '../http/errors.js';

export interface UploadLimits {
  maxFiles: number;
  maxFileBytes: number;
  maxTotalBytes: number;
}

/**
 * Enough for the shared corpus (241 files, 27 MB, the largest TMX 9 MB) several times over, while
 * a mistaken upload of a home folder stops early. The files wait on DATA_DIR's disk, not in memory.
 */
export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  maxFiles: 5000,
  maxFileBytes: 64 * 1024 * 1024,
  maxTotalBytes: 512 * 1024 * 1024,
};

/** How long an upload may send no bytes before it is ended (408 upload_stalled). */
export const DEFAULT_UPLOAD_IDLE_MS = 60_000;

/** A path deeper than an import reads (a folder import would pass it over as `too_deep`). */
export const pathTooDeep = (file: string) =>
  new ApiError(
    400,
    'invalid_file_path',
    `More than ${MAX_PATH_DEPTH} segments (folders and the file's name) in a path of the upload: ${JSON.stringify(file.slice(0, 200))}`,
    'file',
  );

/** The client stopped sending mid-upload; the import slot must not wait for it. */
export const uploadStalled = (idleMs: number) =>
  new ApiError(408, 'upload_stalled', `The upload sent no data for ${idleMs / 1000} s and was ended`);

export interface Upload {
  /** Relative paths of the files written, in upload order. */
  files: string[];
  /** The top-level files and folders to import, as the CLI's arguments (relative paths). */
  inputs: string[];
}

const MAX_PATH = 1024;

/** `a/b.md` → its segments; undefined for anything that could leave the folder or is ambiguous. */
function safeRelativePath(name: string): string[] | undefined {
  if (name.length === 0 || name.length > MAX_PATH || /[\0\\]/.test(name)) return undefined;
  const segments = name.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return undefined;
  return segments;
}

export async function receiveUpload(
  request: FastifyRequest,
  root: string,
  limits: UploadLimits,
  idleMs = DEFAULT_UPLOAD_IDLE_MS,
): Promise<Upload> {
  if (!request.isMultipart()) throw unsupportedMediaType('Send the files as multipart/form-data');
  // Reading starts (the parser is piped) before the timer listens for bytes beside it.
  const reading = readParts(request, root, limits);
  const idle = idleTimeout(request, idleMs);
  try {
    return await reading;
  } catch (error) {
    throw idle.stalled ? uploadStalled(idleMs) : error;
  } finally {
    idle.stop();
  }
}

/**
 * Ends the upload when the client sends nothing for `idleMs`: the request's 'error' makes the
 * multipart parser stop and fail the part being written, without cutting the socket, so the
 * caller still gets its 408. Bytes that wait unread (the disk is slow, not the client) do not count.
 */
function idleTimeout(request: FastifyRequest, idleMs: number) {
  const raw = request.raw;
  const state = { stalled: false, stop: () => {} };
  let timer: NodeJS.Timeout;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (raw.readableLength > 0 || raw.readableEnded) return arm();
      state.stalled = true;
      // The parser listens for 'error' once reading started; without a listener an emit would throw.
      if (raw.listenerCount('error') > 0) raw.emit('error', uploadStalled(idleMs));
      else raw.destroy(uploadStalled(idleMs));
    }, idleMs);
  };
  raw.on('data', arm);
  arm();
  state.stop = () => {
    clearTimeout(timer);
    raw.off('data', arm);
  };
  return state;
}

async function readParts(request: FastifyRequest, root: string, limits: UploadLimits): Promise<Upload> {
  const files: string[] = [];
  const named: string[] = [];
  let total = 0;
  // A `path` field names the next file: browsers may rewrite a filename holding slashes.
  let nextPath: string | undefined;
  try {
    const parts = request.parts({
      preservePath: true,
      limits: { files: limits.maxFiles, fileSize: limits.maxFileBytes, fields: limits.maxFiles, fieldSize: MAX_PATH },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value !== 'string' || (part.fieldname !== 'input' && part.fieldname !== 'path'))
          throw validationFailed(part.fieldname, 'unknown field (expected `file` parts, `path` and `input` fields)');
        if (part.fieldname === 'input') named.push(part.value);
        else nextPath = part.value;
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw validationFailed(part.fieldname, 'unknown file field (expected `file`)');
      }
      const name = nextPath ?? part.filename;
      nextPath = undefined;
      const segments = safeRelativePath(name);
      if (!segments || segments.length > MAX_PATH_DEPTH) {
        part.file.resume();
        throw segments ? pathTooDeep(name) : invalidFilePath(name);
      }
      const relative = segments.join('/');
      const target = path.join(root, ...segments);
      const refusePath = pathRefusal(relative);
      await fsp.mkdir(path.dirname(target), { recursive: true }).catch((error: unknown) => {
        part.file.resume();
        throw refusePath(error);
      });
      // 'wx': the same path twice is refused, not overwritten (a file where a folder was fails too).
      await pipeline(part.file, fs.createWriteStream(target, { flags: 'wx' })).catch((error: unknown) => {
        throw refusePath(error);
      });
      if (part.file.truncated) throw fileTooLarge(relative, limits.maxFileBytes);
      total += part.file.bytesRead;
      if (total > limits.maxTotalBytes)
        throw payloadTooLarge(`The upload is larger than ${limits.maxTotalBytes} bytes`);
      files.push(relative);
    }
  } catch (error) {
    throw uploadError(error, limits);
  }
  if (files.length === 0) throw noFiles();
  return { files, inputs: named.length > 0 ? checkInputs(named, files) : topLevel(files) };
}

/**
 * A file system refusal of the caller's path as 400 invalid_file_path: the same path twice, a file
 * where a folder was (or the reverse), a name over the file system's 255 bytes. Others go on.
 */
const pathRefusal = (relative: string) => (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  const callers = code === 'EEXIST' || code === 'ENOTDIR' || code === 'EISDIR' || code === 'ENAMETOOLONG';
  return callers ? invalidFilePath(relative) : error;
};

/** The plugin's limit errors as the contract's codes. */
function uploadError(error: unknown, limits: UploadLimits): unknown {
  switch ((error as { code?: string }).code) {
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return tooManyFiles(limits.maxFiles);
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileTooLarge('a file', limits.maxFileBytes);
    case 'FST_PROTO_VIOLATION':
      return validationFailed('file', 'field name not allowed');
    default:
      // A body cut short or malformed (busboy's words): the client's fault, not the server's.
      if (
        error instanceof Error &&
        /^(Unexpected end of (multipart )?(data|form)|Malformed part header)/i.test(error.message)
      )
        return validationFailed('file', 'the multipart body is incomplete or malformed');
      return error;
  }
}

/** Named inputs must be a file of the upload or one of its folders. */
function checkInputs(inputs: string[], files: string[]): string[] {
  for (const input of inputs) {
    const segments = safeRelativePath(input);
    const joined = segments?.join('/');
    if (!joined || !files.some((file) => file === joined || file.startsWith(`${joined}/`)))
      throw validationFailed('input', `not a file or folder of the upload: ${JSON.stringify(input)}`);
  }
  return [...new Set(inputs)];
}

/** Without named inputs: each top-level file and folder, as if named on the command line. */
function topLevel(files: string[]): string[] {
  return [...new Set(files.map((file) => file.split('/')[0]!))].sort((a, b) => a.localeCompare(b));
}
