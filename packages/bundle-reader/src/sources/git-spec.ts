// What a git source spec may say, decided before git is ever run: the forms
// `git+https://`, `git+http://`, `git+ssh://`, `git+file://`, `git+git://`
// and `github:owner/repo`, each with an optional `#<ref>`. Anything that
// would let git run a command (the `ext::` and `fd::` transports, any
// `<transport>::<address>` form, a host or ref that reads as an option) is
// refused here, and the environment git runs in refuses it again
// (git-env.ts). Credentials in an http(s) URL are kept in `url` for the
// fetch only; every text meant for a person (`display`, refusals, errors)
// is the URL with them stripped.
import type { Refusal } from "../types.js";

export type GitSpec = {
  ok: true;
  /** The URL git fetches from, credentials included when the spec had them. */
  url: string;
  /** The branch, tag or commit after `#`, when one was given. */
  ref?: string;
  /** The spec as a person may see it: credentials stripped. */
  display: string;
};

export type GitSpecResult = GitSpec | { ok: false; refusal: Refusal };

const SCHEMES = new Set(["https:", "http:", "ssh:", "file:", "git:"]);
const GITHUB = /^github:([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9._-]{1,100})$/;

/** Whether `spec` is meant as a git source (it may still be refused). */
export function isGitSpec(spec: string): boolean {
  return spec.startsWith("git+") || spec.startsWith("github:");
}

/** Parses a git source spec into the URL to fetch, the ref, and what to show. */
export function parseGitSource(spec: string): GitSpecResult {
  const hash = spec.indexOf("#");
  const body = hash === -1 ? spec : spec.slice(0, hash);
  const ref = hash === -1 || hash === spec.length - 1 ? undefined : spec.slice(hash + 1);
  const parsed = body.startsWith("github:") ? githubUrl(body) : gitUrl(body);
  if (!parsed.ok) return refuse(redactCredentials(spec), parsed.why);
  const shownRef = ref === undefined ? "" : `#${ref}`;
  const display = `${parsed.shown}${shownRef}`;
  if (ref !== undefined) {
    const why = refProblem(ref);
    if (why !== undefined) return refuse(redactCredentials(display), why);
  }
  return ref === undefined
    ? { ok: true, url: parsed.url, display }
    : { ok: true, url: parsed.url, ref, display };
}

/** A git URL (without `git+`) checked as parseGitSource checks one: the url itself, or why not. */
export function checkGitUrl(url: string): { ok: true; shown: string } | { ok: false; why: string } {
  const checked = gitUrl(`git+${url}`);
  return checked.ok ? { ok: true, shown: stripCredentials(url) } : checked;
}

type Parsed = { ok: true; url: string; shown: string } | { ok: false; why: string };

function githubUrl(body: string): Parsed {
  const match = GITHUB.exec(body);
  const repo = match?.[2];
  if (match === null || repo === undefined || repo === "." || repo === "..") {
    return { ok: false, why: "a GitHub source is github:<owner>/<repository>" };
  }
  const name = repo.endsWith(".git") ? repo : `${repo}.git`;
  const url = `https://github.com/${match[1]}/${name}`;
  return { ok: true, url, shown: body };
}

function gitUrl(body: string): Parsed {
  if (!body.startsWith("git+")) {
    return {
      ok: false,
      why: "a git source begins with git+https://, git+ssh://, git+file://, git+git:// or github:",
    };
  }
  const url = body.slice(4);
  // `ext::sh -c …`, `fd::3`, `<helper>::<address>`: git runs a command or a helper for these.
  if (url.includes("::")) {
    return {
      ok: false,
      why: "transports written <transport>::<address> (ext::, fd::) run commands and are never used",
    };
  }
  if (/[\u0000-\u0020\u007f\\]/.test(url)) {
    return { ok: false, why: "the URL holds a space, a backslash or a control character" };
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, why: "the URL cannot be parsed" };
  }
  if (!SCHEMES.has(parsed.protocol)) {
    return {
      ok: false,
      why: `the ${parsed.protocol.replace(/:$/, "")} transport is not used; use https, ssh, file or git`,
    };
  }
  const problem = urlProblem(parsed);
  if (problem !== undefined) return { ok: false, why: problem };
  return { ok: true, url, shown: `git+${stripCredentials(url)}` };
}

function urlProblem(url: URL): string | undefined {
  if (url.protocol === "file:") {
    if (url.host !== "" || url.username !== "" || url.password !== "") {
      return "a file URL names a path on this machine (git+file:///path/to/repository)";
    }
    return url.pathname.length > 1 ? undefined : "the URL names no repository";
  }
  // A host git would pass on to ssh as an option.
  if (url.hostname === "" || url.hostname.startsWith("-") || url.username.startsWith("-")) {
    return "the URL names no usable host";
  }
  if (url.pathname.length <= 1) return "the URL names no repository";
  if (url.protocol === "git:" && (url.username !== "" || url.password !== "")) {
    return "the git transport takes no credentials";
  }
  return undefined;
}

/** Why `ref` is no branch, tag or commit name git could be asked for; undefined when it is one. */
function refProblem(ref: string): string | undefined {
  if (ref.startsWith("-")) return `the ref '${ref}' begins with '-'`;
  if (/[\u0000-\u0020\u007f~^:?*[\\]/.test(ref)) {
    return "the ref holds a space, a control character or one of ~ ^ : ? * [ \\";
  }
  if (
    ref.includes("..") ||
    ref.includes("@{") ||
    ref.includes("//") ||
    ref.startsWith("/") ||
    ref.endsWith("/") ||
    ref.endsWith(".") ||
    ref.endsWith(".lock") ||
    ref === "@" ||
    ref.split("/").some((part) => part.startsWith("."))
  ) {
    return `'${ref}' is not a valid branch, tag or commit name`;
  }
  return undefined;
}

function refuse(shown: string, why: string): { ok: false; refusal: Refusal } {
  return { ok: false, refusal: { code: "unreadable-source", path: shown, detail: why } };
}

/**
 * The URL without what only its owner may see: for http(s), the whole
 * user-info (a token is often the user name); for ssh, the password (the
 * account name is no secret and says which key to use).
 */
export function stripCredentials(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return redactCredentials(url);
  }
  if (parsed.username === "" && parsed.password === "") return url;
  if (parsed.protocol !== "ssh:") parsed.username = "";
  parsed.password = "";
  return parsed.href;
}

/**
 * Scrubs `text` of the credentials of `url`: the user-info of every URL in
 * it, and the user name and password themselves wherever they stand (git may
 * quote them apart from the URL), for words from git shown to a person.
 */
export function scrubCredentials(text: string, url: string): string {
  let scrubbed = redactCredentials(text);
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined) return scrubbed;
  const secrets =
    parsed.protocol === "ssh:" ? [parsed.password] : [parsed.username, parsed.password];
  for (const secret of secrets) {
    // Short ones would blot out ordinary words; the URL form above covers them.
    if (secret.length < 4) continue;
    for (const form of new Set([secret, safeDecode(secret)])) {
      scrubbed = scrubbed.split(form).join("***");
    }
  }
  return scrubbed;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** `text` with the user-info of every URL in it removed (for words from git, or a bad spec). */
export function redactCredentials(text: string): string {
  return text.replace(/([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^/\s]*@/g, "$1");
}
