// @ts-check
// The console's one way to the API: the token (from the address's fragment,
// or pasted, kept in sessionStorage for this tab), the Authorization header
// on every request, and the answer's body typed as the server declares it
// (src/api-types.ts), so the page is type-checked against what the server
// really sends. A 401 means the token is gone or wrong: the page asks again.

/** @typedef {import("../src/api-types.js").SkillsAnswer} SkillsAnswer */
/** @typedef {import("../src/api-types.js").ListedSkill} ListedSkill */
/** @typedef {import("../src/api-types.js").ListedRefusal} ListedRefusal */
/** @typedef {import("../src/api-types.js").SkillAnswer} SkillAnswer */
/** @typedef {import("../src/api-types.js").ListedFile} ListedFile */
/** @typedef {import("../src/api-types.js").RemoveAnswer} RemoveAnswer */
/** @typedef {import("../src/api-types.js").ImportAnswer} ImportAnswer */
/** @typedef {import("../src/api-types.js").ListingAnswer} ListingAnswer */
/** @typedef {import("../src/api-types.js").ErrorAnswer} ErrorAnswer */
/** @typedef {import("../src/api-types.js").ChangeEvent} ChangeEvent */

/**
 * An answer: the body typed by status, so a 2xx body is never read as a refusal.
 * @template T
 * @typedef {{ ok: true; status: number; body: T } | { ok: false; status: number; body: ErrorAnswer }} Answer
 */

const tokenKey = "skillshelf-token";

/** @type {Set<() => void>} */
const onUnauthorized = new Set();

/** Takes the token out of the address (so it is in no bookmark or history) into sessionStorage. */
export function takeToken() {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const fromUrl = fragment.get("token");
  if (fromUrl) {
    sessionStorage.setItem(tokenKey, fromUrl);
    history.replaceState(null, "", window.location.pathname + window.location.search);
  }
  return sessionStorage.getItem(tokenKey);
}

/** @param {string} token */
export function keepToken(token) {
  sessionStorage.setItem(tokenKey, token);
}

export function token() {
  return sessionStorage.getItem(tokenKey) ?? "";
}

/** @param {() => void} listener called when the server refuses the token */
export function whenUnauthorized(listener) {
  onUnauthorized.add(listener);
}

export function refuseToken() {
  sessionStorage.removeItem(tokenKey);
  for (const listener of onUnauthorized) listener();
}

/**
 * The headers of every API request: the Authorization header for the current
 * token, and the wording the console's refusal sentences take (its chooser
 * and checkboxes, not query parameters such as path=).
 */
export function apiHeaders() {
  return { authorization: `Bearer ${token()}`, "skillshelf-wording": "console" };
}

/**
 * The answer when the server could not be reached at all.
 * @returns {ErrorAnswer}
 */
export function unreachable() {
  return {
    refusal: { code: "internal" },
    message: "The server could not be reached; check that it is running and try again.",
  };
}

/**
 * A JSON request to the API.
 * @template T
 * @param {"GET" | "DELETE"} method
 * @param {string} path
 * @returns {Promise<Answer<T>>}
 */
export async function api(method, path) {
  /** @type {Response} */
  let response;
  try {
    response = await fetch(path, { method, headers: apiHeaders(), cache: "no-store" });
  } catch {
    return { ok: false, status: 0, body: unreachable() };
  }
  if (response.status === 401) refuseToken();
  const body = await response.json().catch(() => undefined);
  if (response.ok) return { ok: true, status: response.status, body };
  return { ok: false, status: response.status, body: body ?? unreachable() };
}

/**
 * The address of one file of a skill, each path segment encoded.
 * @param {string} id
 * @param {string} path
 */
export function fileAddress(id, path) {
  const segments = path.split("/").map(encodeURIComponent).join("/");
  return `/api/skills/${encodeURIComponent(id)}/files/${segments}`;
}
