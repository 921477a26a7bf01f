// The two roots skills live in, as one type every function of this package
// takes: the builtin root (a workspace's `skills` folder, always a
// directory, never written here) and the managed store (a DirectoryStore, a
// PostgreSQL store, or none). A store is always an object here: which string
// means which store is decided once, by the application layer (`openShelf`
// in @skillshelf/shelf), never again below it.
import type { ManagedStore } from "./store.js";

/** The builtin root (a directory path) and, optionally, the managed store. */
export type Roots = { builtin: string; managed?: ManagedStore | undefined };
