// Parses an allowed_signers file (OpenSSH, `man ssh-keygen`, ALLOWED
// SIGNERS): one signer a line, `principals [options] keytype base64
// [comment]`, blank lines and `#` comments ignored. Principals are a
// comma-separated pattern list (quoted if it holds spaces); the options are
// `cert-authority`, `namespaces="..."`, `valid-after="..."` and
// `valid-before="..."`, each at most once, quoted as OpenSSH requires.
//
// Unlike ssh-keygen, which skips a malformed line that does not name the
// principal it is looking for, the whole file is refused on its first bad
// line, naming it: a trust file with a typo should be fixed, not half read.
// `cert-authority` lines are read and kept, but skillshelf accepts no
// certificate as a signing key, so such a line never trusts a signature.
import { isKeyType, parseKeyText } from "./key-line.js";
import { printable } from "./public-key.js";
import type { SignatureRefusal } from "./refusal.js";
import { parseSshTime } from "./times.js";

/** One line of an allowed_signers file. */
export type AllowedSigner = {
  /** 1-based line number in the file. */
  line: number;
  /** The principals pattern list as written (`alice@example.com,*@ops.example.com`). */
  principals: string;
  /** The `namespaces=` pattern list, if the line restricts namespaces. */
  namespaces?: string;
  validAfter?: Date;
  validBefore?: Date;
  certAuthority: boolean;
  keyType: string;
  /** The key's blob, compared byte for byte with a signature's key. */
  publicKey: Uint8Array;
  fingerprint: string;
  comment: string;
};

export type InvalidTrustFile = Extract<SignatureRefusal, { code: "invalid-trust-file" }>;

export type AllowedSignersResult =
  | { ok: true; signers: AllowedSigner[] }
  | { ok: false; refusal: InvalidTrustFile };

type Options = Pick<AllowedSigner, "namespaces" | "validAfter" | "validBefore" | "certAuthority">;

/** Parses the text of an allowed_signers file; never throws. */
export function parseAllowedSigners(text: string): AllowedSignersResult {
  const signers: AllowedSigner[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.replace(/\r$/, "").replace(/^[ \t]+/, "");
    if (raw === "" || raw.startsWith("#")) continue;
    const parsed = parseLine(raw);
    if (typeof parsed === "string") {
      const reason = `Line ${i + 1} of the allowed_signers file is invalid: ${parsed}.`;
      return {
        ok: false,
        refusal: { code: "invalid-trust-file", file: "allowed_signers", line: i + 1, reason },
      };
    }
    signers.push({ line: i + 1, ...parsed });
  }
  return { ok: true, signers };
}

function parseLine(line: string): Omit<AllowedSigner, "line"> | string {
  const principals = readPrincipals(line);
  if (typeof principals === "string") return principals;
  let rest = principals.rest;
  let options: Options = { certAuthority: false };
  const first = /^\S+/.exec(rest)?.[0] ?? "";
  if (first === "") return "it names principals but no key";
  if (!isKeyType(first)) {
    const end = endOfOptions(rest);
    if (end === -1) return "its options have an unterminated quote";
    const parsed = parseOptions(rest.slice(0, end));
    if (typeof parsed === "string") return parsed;
    options = parsed;
    rest = rest.slice(end).replace(/^[ \t]+/, "");
    if (rest === "") return "it has options but no key";
  }
  const key = parseKeyText(rest);
  if (!key.ok) return key.reason;
  const { type, blob, fingerprint, comment } = key.listed;
  const signer: Omit<AllowedSigner, "line"> = {
    principals: principals.value,
    ...options,
    keyType: type,
    publicKey: blob,
    fingerprint,
    comment,
  };
  return signer;
}

function readPrincipals(line: string): { value: string; rest: string } | string {
  let value: string;
  let rest: string;
  if (line.startsWith('"')) {
    const close = line.indexOf('"', 1);
    if (close === -1) return "its quoted principals are never closed";
    value = line.slice(1, close);
    rest = line.slice(close + 1);
    if (rest !== "" && !/^[ \t]/.test(rest)) return "text follows its quoted principals";
  } else {
    const word = /^\S+/.exec(line)![0];
    value = word;
    rest = line.slice(word.length);
  }
  if (value === "") return "its principals are empty";
  return { value, rest: rest.replace(/^[ \t]+/, "") };
}

/** The index where unquoted options end (at a space or tab), or -1 for an open quote. */
function endOfOptions(text: string): number {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\\" && text[i + 1] === '"') i++;
    else if (c === '"') quoted = !quoted;
    else if (!quoted && (c === " " || c === "\t")) return i;
  }
  return quoted ? -1 : text.length;
}

function parseOptions(text: string): Options | string {
  const options: Options = { certAuthority: false };
  let rest = text;
  const seen = new Set<string>();
  while (rest !== "") {
    const name = /^[A-Za-z-]+/.exec(rest)?.[0].toLowerCase() ?? "";
    if (seen.has(name)) return `it gives the option '${name}' twice`;
    seen.add(name);
    rest = rest.slice(name.length);
    if (name === "cert-authority") {
      options.certAuthority = true;
    } else if (name === "namespaces" || name === "valid-after" || name === "valid-before") {
      if (!rest.startsWith('="')) return `its option '${name}' is not of the form ${name}="..."`;
      const value = dequote(rest.slice(1));
      if (value === null) return `its option '${name}' has no closing quote`;
      rest = value.rest;
      if (name === "namespaces") {
        options.namespaces = value.text;
      } else {
        const time = parseSshTime(value.text);
        if (time === null) {
          return `its ${name} time '${printable(value.text)}' is not YYYYMMDD[HHMM[SS]][Z]`;
        }
        if (name === "valid-after") options.validAfter = time;
        else options.validBefore = time;
      }
    } else {
      return `'${printable(text)}' holds an option allowed_signers does not have`;
    }
    if (rest === "") break;
    if (!rest.startsWith(",") || rest === ",")
      return `its options '${printable(text)}' are malformed`;
    rest = rest.slice(1);
  }
  const { validAfter, validBefore } = options;
  if (validAfter !== undefined && validBefore !== undefined && validBefore <= validAfter) {
    return "its valid-before time is not after its valid-after time";
  }
  return options;
}

/** The text of a `"..."` value (with `\"` for a quote) and what follows it. */
function dequote(text: string): { text: string; rest: string } | null {
  let out = "";
  for (let i = 1; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\\" && text[i + 1] === '"') {
      out += '"';
      i++;
    } else if (c === '"') {
      return { text: out, rest: text.slice(i + 1) };
    } else {
      out += c;
    }
  }
  return null;
}
