import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** The part of Emscripten's Node file system this file changes: the two ways it sets a file's attributes. */
interface EmscriptenNodeFs {
  node_ops: { setattr(node: unknown, attributes: { mode?: number }): void };
  stream_ops: { setattr(stream: unknown, attributes: { mode?: number }): void };
}

type FsInit = Awaited<ReturnType<NodeFS['init']>>;

/**
 * PGlite's data directory on disk, its files the server's user's alone (issue 52). PGlite's Emscripten file system
 * creates each file and then chmods it to the mode asked for, 0666 for PostgreSQL's files (the WAL, pg_control,
 * the catalog), which no umask narrows: this mounts the same file system with every chmod it makes keeping only the
 * owner's permissions. PGlite is pinned (0.5.14); data-dir-modes.test.ts reads the files' modes after a real start, so an
 * upgrade that changed this would fail there.
 */
export class OwnerOnlyNodeFS extends NodeFS {
  override async init(pg: PGlite, emscriptenOptions: Parameters<NodeFS['init']>[1]): Promise<FsInit> {
    const { emscriptenOpts } = await super.init(pg, emscriptenOptions);
    const ownerOnly = (module: { FS: { filesystems: Record<string, unknown> } }) => {
      const nodefs = module.FS.filesystems.NODEFS as EmscriptenNodeFs;
      const setNode = nodefs.node_ops.setattr.bind(nodefs.node_ops);
      const setStream = nodefs.stream_ops.setattr.bind(nodefs.stream_ops);
      const owners = (attributes: { mode?: number }) => (attributes.mode === undefined ? attributes : { ...attributes, mode: attributes.mode & ~0o077 });
      nodefs.node_ops.setattr = (node, attributes) => setNode(node, owners(attributes));
      nodefs.stream_ops.setattr = (stream, attributes) => setStream(stream, owners(attributes));
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), ownerOnly] } };
  }
}
