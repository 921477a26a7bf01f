// The parameters of a multipart header (`Content-Type: multipart/form-data;
// boundary=...`, `Content-Disposition: form-data; name="path";
// filename="..."`), read from the header's bytes as they arrived (a Latin-1
// string holds one character per byte). Values stay bytes: whether a file
// name is UTF-8, or a safe path at all, is the reader's rule, so nothing here
// decodes, repairs or rejects a name. Quoted values take `\"` and `\\` as
// escapes and keep any other backslash, as browsers and busboy do; an
// RFC 8187 `filename*` (`utf-8''%xx...`) is taken as its percent-decoded
// bytes and wins over `filename`.

export type HeaderParams = { value: string; params: Map<string, Uint8Array> };

const latin1Bytes = (text: string): Uint8Array => Buffer.from(text, "latin1");

function percentDecoded(text: string): Uint8Array {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === "%" && /^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(text.charCodeAt(i) & 0xff);
  }
  return Uint8Array.from(bytes);
}

/** Splits `value; a=1; b="x;y"` into its leading value and its parameters (names lower-cased). */
export function parseHeaderParams(header: string): HeaderParams {
  const params = new Map<string, Uint8Array>();
  const extended = new Set<string>();
  let at = header.indexOf(";");
  const value = (at === -1 ? header : header.slice(0, at)).trim().toLowerCase();
  while (at !== -1 && at < header.length) {
    at += 1;
    while (header[at] === " " || header[at] === "\t") at += 1;
    const equals = header.indexOf("=", at);
    if (equals === -1) break;
    const name = header.slice(at, equals).trim().toLowerCase();
    at = equals + 1;
    let raw = "";
    if (header[at] === '"') {
      at += 1;
      while (at < header.length && header[at] !== '"') {
        const next = header[at + 1];
        if (header[at] === "\\" && (next === '"' || next === "\\")) {
          raw += next;
          at += 2;
        } else {
          raw += header[at];
          at += 1;
        }
      }
      at = header.indexOf(";", at);
    } else {
      const end = header.indexOf(";", at);
      raw = (end === -1 ? header.slice(at) : header.slice(at, end)).trim();
      at = end;
    }
    if (name.endsWith("*")) {
      const quote = raw.indexOf("'", raw.indexOf("'") + 1);
      params.set(name.slice(0, -1), percentDecoded(quote === -1 ? raw : raw.slice(quote + 1)));
      extended.add(name.slice(0, -1));
    } else if (!extended.has(name)) params.set(name, latin1Bytes(raw));
    if (at === -1) break;
  }
  return { value, params };
}
