/**
 * Picture storage: one module, so object storage can replace the local folder.
 * Files are content-addressed by a random name and never change, so they are served with a
 * year-long immutable cache under `/uploads/`.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

export const UPLOADS_PREFIX = '/uploads/';

export interface Storage {
  /** The folder served at `/uploads/`. */
  readonly root: string;
  /** Stores `data` as `name` and returns its public URL (`/uploads/name`). */
  put(name: string, data: Buffer): Promise<string>;
  /** Removes the file behind a URL this storage returned; anything else is ignored. */
  remove(url: string | null | undefined): Promise<void>;
}

/** Local-folder storage under `root` (UPLOADS_DIR), created if missing. */
export async function createLocalStorage(root: string): Promise<Storage> {
  const dir = path.resolve(root);
  await fs.mkdir(dir, { recursive: true });
  return {
    root: dir,
    async put(name, data) {
      if (!/^[a-z0-9-]+\.[a-z0-9]+$/.test(name)) throw new Error(`unsafe file name ${name}`);
      await fs.writeFile(path.join(dir, name), data);
      return `${UPLOADS_PREFIX}${name}`;
    },
    async remove(url) {
      if (!url?.startsWith(UPLOADS_PREFIX)) return;
      const name = url.slice(UPLOADS_PREFIX.length);
      if (!/^[a-z0-9-]+\.[a-z0-9]+$/.test(name)) return;
      await fs.rm(path.join(dir, name), { force: true });
    },
  };
}
