import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../errors';

/**
 * Where uploaded files live once ingested (ingest.ts writes them): every module reads, serves and
 * removes them through this one interface, by the storage key its row keeps ("<location>/<name>").
 * The one implementation is the local folder DATA_DIR/files; several machines share it as a
 * network volume (README). An object store would be a second implementation of these four calls.
 */
export interface FileStore {
  /** The file's bytes; NOT_FOUND when the key points outside the store. */
  read(storageKey: string): Promise<Buffer>;
  /** The file's bytes, or null when it is gone (a template removed meanwhile, a restored backup without files). */
  readIfPresent(storageKey: string): Promise<Buffer | null>;
  /** A path to stream the file from (GET /file serves it with its own headers). */
  localPath(storageKey: string): string;
  /** Removes the file; a file already gone is not an error. */
  remove(storageKey: string): Promise<void>;
}

export const filesRoot = (dataDir: string) => path.join(dataDir, 'files');

/** DATA_DIR/files/<storage key>, never outside it. */
export function pathOfStorageKey(dataDir: string, storageKey: string) {
  const root = filesRoot(dataDir);
  const full = path.resolve(root, storageKey);
  if (!full.startsWith(root + path.sep)) throw new AppError('NOT_FOUND', 'File not found');
  return full;
}

export function fileStore(dataDir: string): FileStore {
  const at = (key: string) => pathOfStorageKey(dataDir, key);
  return {
    read: (key) => readFile(at(key)),
    readIfPresent: (key) => readFile(at(key)).catch(() => null),
    localPath: at,
    remove: (key) => rm(at(key), { force: true }),
  };
}
