// How long a git read may take unless the caller says otherwise, in a module
// of its own so that naming the default (the package's index, a ref asked
// with ls-remote) does not load the git source itself.

/** How long a git read may take, fetching included, unless the caller says otherwise. */
export const DEFAULT_GIT_TIMEOUT_MS = 120_000;
