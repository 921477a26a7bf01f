// Takes the armor off a signature as `ssh-keygen -Y sign` writes it (and as
// git stores it with gpg.format=ssh): a BEGIN line, base64 lines, an END line.
// The base64 is checked strictly (alphabet, padding, length) because Node's
// decoder silently skips what it does not understand, and a signature that
// decodes "mostly" is not a signature.

const begin = "-----BEGIN SSH SIGNATURE-----";
const end = "-----END SSH SIGNATURE-----";

export type ArmorResult = { ok: true; blob: Uint8Array } | { ok: false; reason: string };

/** The binary SSHSIG blob inside an armored signature text; never throws. */
export function removeArmor(text: string): ArmorResult {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  while (lines.length > 0 && lines[0] === "") lines.shift();
  if (lines[0] !== begin) {
    return { ok: false, reason: `it does not start with '${begin}'` };
  }
  const close = lines.indexOf(end);
  if (close === -1) return { ok: false, reason: `it has no '${end}' line` };
  if (close !== lines.length - 1) return { ok: false, reason: `text follows the '${end}' line` };
  const body = lines.slice(1, close).join("");
  if (body === "") return { ok: false, reason: "it holds no signature between its armor lines" };
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body) || body.length % 4 !== 0) {
    return { ok: false, reason: "its body is not valid base64" };
  }
  return { ok: true, blob: new Uint8Array(Buffer.from(body, "base64")) };
}
