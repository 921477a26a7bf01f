// The world git runs in for a git source, the same for every command: none
// of the user's or the system's configuration (no credential helper, alias,
// template, hook path or URL rewrite reaches it), HOME in the temporary
// directory, no prompt, only the transports the parser accepts (so an
// `ext::` URL a server redirects to, or a submodule URL, is refused by git
// too), no hooks, no LFS or other filter, and symbolic links checked out as
// links so the folder reader refuses them rather than following them.
import { devNull } from "node:os";

/** The transports git may use; `ext`, `fd` and every other helper are refused. */
export const ALLOWED_PROTOCOLS = "http:https:ssh:file:git";

/** `-c` settings given before every git command. */
export function gitConfigArgs(): string[] {
  const settings = [
    "protocol.allow=never",
    "protocol.http.allow=always",
    "protocol.https.allow=always",
    "protocol.ssh.allow=always",
    "protocol.file.allow=always",
    "protocol.git.allow=always",
    "protocol.ext.allow=never",
    `core.hooksPath=${devNull}`,
    "core.symlinks=true",
    "core.autocrlf=false",
    "core.fsmonitor=false",
    `core.attributesFile=${devNull}`,
    "filter.lfs.smudge=",
    "filter.lfs.process=",
    "filter.lfs.required=false",
    "submodule.recurse=false",
    "fetch.recurseSubmodules=false",
    "credential.helper=",
    "init.defaultBranch=main",
    "advice.detachedHead=false",
    "gc.auto=0",
    "maintenance.auto=false",
  ];
  return settings.flatMap((setting) => ["-c", setting]);
}

/**
 * The environment of every git command: PATH (to find git, ssh and git's own
 * helpers), the ssh agent's socket (the one way to a private ssh repository),
 * and the settings above; nothing else of the caller's environment, so no
 * GIT_DIR, GIT_SSH_COMMAND, GIT_TEMPLATE_DIR or proxy set by a parent leaks in.
 */
export function gitEnv(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    HOME: home,
    XDG_CONFIG_HOME: home,
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: devNull,
    GIT_TERMINAL_PROMPT: "0",
    GIT_ASKPASS: "",
    SSH_ASKPASS: "",
    GIT_SSH_COMMAND: "ssh -o BatchMode=yes",
    GIT_ALLOW_PROTOCOL: ALLOWED_PROTOCOLS,
    GIT_PROTOCOL_FROM_USER: "0",
    GIT_LFS_SKIP_SMUDGE: "1",
    GIT_LITERAL_PATHSPECS: "1",
    GIT_NO_REPLACE_OBJECTS: "1",
    LC_ALL: "C",
    LANG: "C",
  };
  for (const name of ["PATH", "SSH_AUTH_SOCK", "SYSTEMROOT", "TMPDIR", "TEMP", "TMP"]) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}
