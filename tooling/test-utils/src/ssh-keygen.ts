// Real OpenSSH for the tests: keys made by ssh-keygen into a temporary
// directory (private keys never leave it), signatures made by
// `ssh-keygen -Y sign`, and `ssh-keygen -Y verify` as the reference the
// verifier is checked against. Without ssh-keygen the tests fail, loudly:
// a signature suite that skips proves nothing.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const sshKeygen = "/usr/bin/ssh-keygen";

/** Throws a plain sentence when ssh-keygen is missing. */
export function requireSshKeygen(): void {
  if (!existsSync(sshKeygen)) {
    throw new Error(
      `${sshKeygen} is missing: the signature tests sign and verify with real OpenSSH; install it (apt-get install openssh-client).`,
    );
  }
}

export type KeySpec = { type: "ed25519" | "ecdsa" | "rsa"; bits?: number; pem?: boolean };

/** A key pair on disk: the private key's path, the public line and its fingerprint. */
export type TestKey = { path: string; publicLine: string; fingerprint: string };

/** A directory for one suite's keys, with its removal. */
export function makeKeyDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "skillshelf-keys-"));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

let made = 0;

/** Makes a key with ssh-keygen, unencrypted, in `dir`. */
export function makeKey(dir: string, spec: KeySpec): TestKey {
  requireSshKeygen();
  const path = join(dir, `key-${++made}`);
  const args = ["-q", "-t", spec.type, "-N", "", "-C", `key-${made}`, "-f", path];
  if (spec.bits !== undefined) args.push("-b", String(spec.bits));
  if (spec.pem === true) args.push("-m", "PEM");
  execFileSync(sshKeygen, args, { stdio: "pipe" });
  const publicLine = readFileSync(`${path}.pub`, "utf8").trim();
  const printed = execFileSync(sshKeygen, ["-l", "-E", "sha256", "-f", `${path}.pub`], {
    encoding: "utf8",
  });
  return { path, publicLine, fingerprint: printed.split(" ")[1]! };
}

/** `ssh-keygen -Y sign -f key -n namespace` over `message`: the armored signature. */
export function signWithSshKeygen(
  key: TestKey,
  message: string,
  namespace: string,
  hashAlgorithm?: "sha256" | "sha512",
): string {
  const file = `${key.path}.msg-${++made}`;
  writeFileSync(file, message);
  const args = ["-Y", "sign", "-f", key.path, "-n", namespace];
  if (hashAlgorithm !== undefined) args.push("-O", `hashalg=${hashAlgorithm}`);
  execFileSync(sshKeygen, [...args, file], { stdio: "pipe" });
  return readFileSync(`${file}.sig`, "utf8");
}

export type SshVerify = {
  dir: string;
  signature: string;
  message: string;
  allowedSigners: string;
  principal: string;
  namespace: string;
  revokedKeys?: string;
  /** YYYYMMDDHHMMSSZ */
  verifyTime: string;
};

/** Whether `ssh-keygen -Y verify` accepts the signature (exit 0), and what it said. */
export function verifyWithSshKeygen(input: SshVerify): { accepted: boolean; output: string } {
  const id = ++made;
  const sig = join(input.dir, `verify-${id}.sig`);
  const allowed = join(input.dir, `verify-${id}.allowed`);
  writeFileSync(sig, input.signature);
  writeFileSync(allowed, input.allowedSigners);
  const args = ["-Y", "verify", "-f", allowed, "-I", input.principal, "-n", input.namespace];
  args.push("-s", sig, "-O", `verify-time=${input.verifyTime}`);
  if (input.revokedKeys !== undefined) {
    const revoked = join(input.dir, `verify-${id}.revoked`);
    writeFileSync(revoked, input.revokedKeys);
    args.push("-r", revoked);
  }
  const run = spawnSync(sshKeygen, args, { input: input.message, encoding: "utf8" });
  if (run.error !== undefined) throw run.error;
  return { accepted: run.status === 0, output: `${run.stdout}${run.stderr}`.trim() };
}

/** `<principal> <public key>`: an allowed_signers line, with options (`namespaces="skillshelf"`) when given. */
export function allowedSignersLine(principal: string, key: TestKey, options?: string): string {
  return `${principal}${options === undefined ? "" : ` ${options}`} ${key.publicLine}\n`;
}
