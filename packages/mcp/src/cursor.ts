// Opaque cursors for the paginated lists (skills/list, resources/list,
// resources/directory/read). A cursor names the last key a page ended at,
// so a page boundary survives skills being added or removed in between; it
// is base64url text of `v1:<key>`, bounded in length, and anything a client
// makes up instead is refused as invalid params, never trusted.

/** The longest cursor read. */
export const MAX_CURSOR_LENGTH = 512;

const PREFIX = "v1:";
const base64url = /^[A-Za-z0-9_-]+$/;

export function encodeCursor(key: string): string {
  return Buffer.from(`${PREFIX}${key}`, "utf8").toString("base64url");
}

/** The key a cursor names, or undefined when the cursor is not one this server wrote. */
export function decodeCursor(cursor: string): string | undefined {
  if (cursor.length === 0 || cursor.length > MAX_CURSOR_LENGTH || !base64url.test(cursor)) {
    return undefined;
  }
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  if (!text.startsWith(PREFIX) || encodeCursor(text.slice(PREFIX.length)) !== cursor) {
    return undefined;
  }
  return text.slice(PREFIX.length);
}

/** One page of `items` (sorted by `keyOf`) after the cursor's key, and the next cursor. */
export function pageOf<T>(
  items: readonly T[],
  after: string | undefined,
  size: number,
  keyOf: (item: T) => string,
): { page: T[]; nextCursor?: string } {
  const start = after === undefined ? 0 : items.findIndex((item) => keyOf(item) > after);
  const from = start === -1 ? items.length : start;
  const page = items.slice(from, from + size);
  if (from + size >= items.length || page.length === 0) return { page };
  return { page, nextCursor: encodeCursor(keyOf(page[page.length - 1]!)) };
}
